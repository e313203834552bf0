import { useId, useMemo, useState } from 'react';
import { display } from '../../../schema/limits.ts';
import { PhotoThumbnail } from './photo-thumbnail.tsx';
import type { SyncedAlbum, SyncedFamily, SyncedPhoto } from '../../../schema/sync.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import * as headerStyles from '../../ui/page-header-row.css.ts';
import { PageHeader } from '../../ui/page.tsx';
import { useDialogState } from '../../ui/use-dialog-state.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useFirstPullDone } from '../device-session/use-sync-state.ts';
import { NewAlbumDialog } from './new-album-dialog.tsx';
import { PhotoViewer } from './photo-viewer.tsx';
import { PhotosIcon } from './photos-icon.tsx';
import { PendingPhotoTile, PhotoTile } from './photo-tile.tsx';
import * as styles from './photos-screen.css.ts';
import { UploadPhotosDialog } from './upload-photos-dialog.tsx';
import { useFamilyAlbums, useFamilyPhotos, usePhotoUploads } from './use-family-photos.ts';
import { FamilyScreen } from '../family/family-screen.tsx';

/** Photos (spec §2): album tiles, the grid, New Album, Upload Photos, and the viewer. Everything works offline. */
export function PhotosScreen() {
  return (
    <FamilyScreen
      title="Photos"
      icon={<PhotosIcon size="2rem" />}
      noFamilyText="Join or create a family group to share photos. Ask a relative for an invite link, or start your own family below."
      loading={<PhotoSkeletons />}
    >
      {(family) => <FamilyPhotos family={family} />}
    </FamilyScreen>
  );
}

/** Which photos the grid shows: all of them, or one album's. */
type AlbumFilter = { albumId: string | null };

function FamilyPhotos({ family }: { family: SyncedFamily }) {
  const db = useHearthDb();
  const photos = useFamilyPhotos(family.id);
  const albums = useFamilyAlbums(family.id);
  const uploads = usePhotoUploads(family.id);
  const firstPullDone = useFirstPullDone();
  const [filter, setFilter] = useState<AlbumFilter>({ albumId: null });
  const upload = useDialogState();
  const newAlbum = useDialogState();
  const viewer = useDialogState<string>();

  // An album deleted meanwhile (here or by someone else) leaves the grid on All Photos.
  const albumId =
    filter.albumId !== null && albums?.some((album) => album.id === filter.albumId) ? filter.albumId : null;
  const inView = (photo: { albumId: string | null }) => albumId === null || photo.albumId === albumId;
  const shown = photos?.filter(inView) ?? [];
  const waiting = uploads?.filter(inView) ?? [];
  const loading = photos === undefined || (!firstPullDone && photos.length === 0);
  const openIndex = viewer.state ? shown.findIndex((photo) => photo.id === viewer.state?.subject) : -1;

  return (
    <>
      <div className={headerStyles.headerRow}>
        <PageHeader title="Photos" lead={family.name} />
        <div className={headerStyles.headerActions}>
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => newAlbum.show()}>
            New Album
          </Button>
          <Button aria-haspopup="dialog" onClick={() => upload.show()}>
            Upload Photos
          </Button>
        </div>
      </div>

      <AlbumTiles
        albums={albums ?? []}
        photos={photos ?? []}
        selected={albumId}
        onSelect={(id) => setFilter({ albumId: id })}
      />

      {loading ? (
        <PhotoSkeletons />
      ) : shown.length === 0 && waiting.length === 0 ? (
        albumId === null ? (
          <EmptyPhotos title="No photos yet" text="Share the first photo with your family: choose Upload Photos." />
        ) : (
          <EmptyPhotos title="No photos in this album" text="Add photos to it from Upload Photos, or from a photo." />
        )
      ) : (
        <ul className={styles.grid} aria-label={albumId === null ? 'All Photos' : 'Photos in this album'}>
          {waiting.map((item) => (
            <li key={item.photoId}>
              <PendingPhotoTile upload={item} onDiscard={() => void db.photoUploads.delete(item.photoId)} />
            </li>
          ))}
          {shown.map((photo) => (
            <li key={photo.id}>
              <PhotoTile photo={photo} onOpen={() => viewer.show(photo.id)} />
            </li>
          ))}
        </ul>
      )}

      {upload.state ? (
        <UploadPhotosDialog
          key={upload.state.opening}
          family={family}
          albums={albums ?? []}
          albumId={albumId}
          open={upload.state.open}
          onClose={upload.close}
        />
      ) : null}
      {newAlbum.state ? (
        <NewAlbumDialog
          key={newAlbum.state.opening}
          familyId={family.id}
          open={newAlbum.state.open}
          onClose={newAlbum.close}
          onCreated={(id) => setFilter({ albumId: id })}
        />
      ) : null}
      {viewer.state && openIndex >= 0 ? (
        <PhotoViewer
          photos={shown}
          index={openIndex}
          albums={albums ?? []}
          open={viewer.state.open}
          onClose={viewer.close}
          onMove={(index) => viewer.show(shown[index]!.id)}
        />
      ) : null}
    </>
  );
}

function AlbumTiles({
  albums,
  photos,
  selected,
  onSelect,
}: {
  albums: SyncedAlbum[];
  photos: SyncedPhoto[];
  selected: string | null;
  onSelect: (albumId: string | null) => void;
}) {
  const counts = useMemo(() => {
    const byAlbum = new Map<string, number>();
    for (const photo of photos) if (photo.albumId) byAlbum.set(photo.albumId, (byAlbum.get(photo.albumId) ?? 0) + 1);
    return byAlbum;
  }, [photos]);
  const labelId = useId();
  const tiles = [
    { id: null, name: 'All Photos', count: photos.length, cover: photos[0] },
    ...albums.map((album) => ({
      id: album.id,
      name: album.name,
      count: counts.get(album.id) ?? 0,
      cover:
        photos.find((photo) => photo.id === album.coverPhotoId) ?? photos.find((photo) => photo.albumId === album.id),
    })),
  ];
  return (
    <nav aria-labelledby={labelId}>
      <h2 id={labelId} className={visuallyHidden}>
        Albums
      </h2>
      <ul className={styles.albums}>
        {tiles.map((tile) => (
          <li key={tile.id ?? 'all'}>
            <button
              type="button"
              className={styles.albumTile}
              aria-pressed={tile.id === selected}
              onClick={() => onSelect(tile.id)}
            >
              <span className={styles.albumCover} aria-hidden="true">
                {tile.cover ? <PhotoThumbnail photoId={tile.cover.id} alt="" /> : <PhotosIcon size="1.75rem" />}
              </span>
              <span className={styles.albumName}>{tile.name}</span>
              <span className={styles.albumCount}>
                {tile.count} {tile.count === 1 ? 'photo' : 'photos'}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PhotoSkeletons() {
  return (
    <div role="status">
      <span className={visuallyHidden}>Loading photos</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: display.photoSkeletons }, (_, index) => (
          <li key={index} className={styles.skeleton} />
        ))}
      </ul>
    </div>
  );
}

/** Nothing to show yet, with the Photos picture. */
function EmptyPhotos({ title, text }: { title: string; text: string }) {
  return <EmptyState icon={<PhotosIcon size="2rem" />} title={title} text={text} />;
}
