import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import { display } from '../../../schema/limits.ts';
import { PhotoThumbnail } from './photo-thumbnail.tsx';
import type { SyncedAlbum, SyncedFamily, SyncedPhoto } from '../../../schema/sync.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import * as headerStyles from '../../ui/page-header-row.css.ts';
import { PageHeader } from '../../ui/page.tsx';
import { useDialogState } from '../../ui/use-dialog-state.ts';
import { useHistoryDialog } from '../../ui/use-history-dialog.ts';
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
import { PersonAvatar, personName } from '../family/person.tsx';
import { useFamilyMembers } from '../family/use-family-members.ts';
import { usePhotoCountsByPerson, usePhotosOfPerson } from './photo-tags.ts';

/**
 * Photos (product.md §2): album tiles, the people in them, the grid, New Album, Upload Photos, and the viewer.
 * Everything works offline.
 */
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
  const [chosenPerson, setPerson] = useState<string | null>(null);
  const members = useFamilyMembers(family.id);
  // Someone not in this family (chosen in another, or gone since) leaves the grid on everyone.
  const personShown = members?.find((member) => member.userId === chosenPerson);
  const person = personShown ? chosenPerson : null;
  const ofPerson = usePhotosOfPerson(family.id, person);
  const upload = useDialogState();
  const newAlbum = useDialogState();
  const viewer = useHistoryDialog('photo');
  useLinkedPhotoOrPerson(viewer.show, setPerson);

  // An album deleted meanwhile (here or by someone else) leaves the grid on All Photos.
  const albumId =
    filter.albumId !== null && albums?.some((album) => album.id === filter.albumId) ? filter.albumId : null;
  const inView = (photo: { albumId: string | null }) => albumId === null || photo.albumId === albumId;
  const shown = photos?.filter((photo) => inView(photo) && (!ofPerson || ofPerson.has(photo.id))) ?? [];
  // Photos still on their way have nobody tagged in them yet.
  const waiting = person === null ? (uploads?.filter(inView) ?? []) : [];
  const personLabel = person === null ? null : personName(personShown?.user);
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
      <PeopleChips familyId={family.id} selected={person} onSelect={setPerson} />

      {loading ? (
        <PhotoSkeletons />
      ) : shown.length === 0 && waiting.length === 0 ? (
        personLabel !== null ? (
          <EmptyPhotos
            title={`No photos of ${personLabel} here yet`}
            text={`Open a photo and choose Who's in this photo? to tag ${personLabel}.`}
          />
        ) : albumId === null ? (
          <EmptyPhotos title="No photos yet" text="Share the first photo with your family: choose Upload Photos." />
        ) : (
          <EmptyPhotos title="No photos in this album" text="Add photos to it from Upload Photos, or from a photo." />
        )
      ) : (
        <ul
          className={styles.grid}
          aria-label={
            personLabel !== null ? `Photos of ${personLabel}` : albumId === null ? 'All Photos' : 'Photos in this album'
          }
        >
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
          onMove={(index) => viewer.move(shown[index]!.id)}
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
                {tile.cover ? <PhotoThumbnail photo={tile.cover} alt="" /> : <PhotosIcon size="1.75rem" />}
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

/**
 * Everyone, then each member tagged in a photo of the family (and the one chosen, even with none left): choosing one
 * shows only the photos they are in.
 */
function PeopleChips({
  familyId,
  selected,
  onSelect,
}: {
  familyId: string;
  selected: string | null;
  onSelect: (userId: string | null) => void;
}) {
  const members = useFamilyMembers(familyId);
  const counts = usePhotoCountsByPerson(familyId);
  const labelId = useId();
  const tagged = members?.filter((member) => (counts?.get(member.userId) ?? 0) > 0 || member.userId === selected);
  if (!tagged || tagged.length === 0) return null;
  return (
    <nav aria-labelledby={labelId}>
      <h2 id={labelId} className={visuallyHidden}>
        People
      </h2>
      <ul className={styles.people}>
        <li>
          <button
            type="button"
            className={styles.everyoneChip}
            aria-pressed={selected === null}
            onClick={() => onSelect(null)}
          >
            Everyone
          </button>
        </li>
        {tagged.map((member) => (
          <li key={member.id}>
            <button
              type="button"
              className={styles.personChip}
              aria-pressed={member.userId === selected}
              onClick={() => onSelect(member.userId)}
            >
              <PersonAvatar user={member.user} size="sm" />
              {personName(member.user)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A notification opens its photo with `?photo=<id>`, and the Family Tree someone's photos with `?person=<id>`
 * (decision 0060): the address drops them, as for events, and waits for `family=` to choose the family first.
 */
function useLinkedPhotoOrPerson(open: (photoId: string) => void, choosePerson: (userId: string) => void) {
  const navigate = useNavigate();
  const { photo, person, family } = useRouterState({
    select: (state) => state.location.search as Record<string, unknown>,
  });
  useEffect(() => {
    if ((typeof photo !== 'string' && typeof person !== 'string') || family !== undefined) return;
    void navigate({ to: '/photos', replace: true }).then(() => {
      if (typeof person === 'string') choosePerson(person);
      if (typeof photo === 'string') open(photo);
    });
    // Only a new address asks: `open` is a new function at every render.
  }, [photo, person, family]);
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
