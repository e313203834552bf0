import { useLiveQuery } from 'dexie-react-hooks';
import { Suspense, type ReactNode } from 'react';
import type { SyncedPhoto } from '../../../schema/sync.ts';
import type { PhotoUpload } from '../../db/hearth-db.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { useHistoryDialog } from '../../ui/use-history-dialog.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { PendingPhotoTile, PhotoTile } from '../photos/photo-tile.tsx';
import * as styles from './post-card.css.ts';

/** The viewer comes when someone opens a photo, not with the feed. */
const postPhotoViewer = preloadable(() =>
  import('../photos/post-photo-viewer.tsx').then(({ PostPhotoViewer }) => PostPhotoViewer),
);

type ShownPhoto = { kind: 'photo'; photo: SyncedPhoto } | { kind: 'upload'; upload: PhotoUpload };

/**
 * A post's photos in a tidy grid, in the order they were picked. A photo shows once it exists in the family; on the
 * author's own device, one still waiting to upload shows from its own bytes. Nobody sees a picture that is not there:
 * while none is there yet, `placeholder` says so (a photo message) or nothing shows (a post's text stands alone).
 */
export function PostPhotos({ photoIds, placeholder = null }: { photoIds: readonly string[]; placeholder?: ReactNode }) {
  const db = useHearthDb();
  const shown = useLiveQuery(async () => {
    const [photos, uploads] = await Promise.all([
      db.photos.bulkGet([...photoIds]),
      db.photoUploads.bulkGet([...photoIds]),
    ]);
    return photoIds.flatMap((_, index): ShownPhoto[] => {
      const photo = photos[index];
      if (photo) return [{ kind: 'photo', photo }];
      const upload = uploads[index];
      return upload ? [{ kind: 'upload', upload }] : [];
    });
  }, [db, photoIds.join()]);
  const viewer = useHistoryDialog('photo');
  if (!shown) return null;
  if (shown.length === 0) return placeholder;
  const photos = shown.flatMap((item) => (item.kind === 'photo' ? [item.photo] : []));

  return (
    <>
      <ul className={styles.photos} data-count={Math.min(shown.length, 4)} aria-label="Photos">
        {shown.map((item) => (
          <li key={item.kind === 'photo' ? item.photo.id : item.upload.photoId}>
            {item.kind === 'photo' ? (
              <PhotoTile
                photo={item.photo}
                onOpen={() => viewer.show(item.photo.id)}
                onPointerEnter={() => void postPhotoViewer.preload()}
              />
            ) : (
              <PendingPhotoTile upload={item.upload} />
            )}
          </li>
        ))}
      </ul>
      {/* Every post listens for the viewer's step in history; the post holding the photo shows it. */}
      {viewer.state && photos.some((photo) => photo.id === viewer.state?.subject) ? (
        <Suspense fallback={null}>
          <postPhotoViewer.Component
            photos={photos}
            photoId={viewer.state.subject}
            open={viewer.state.open}
            onClose={viewer.close}
            onMove={(photoId: string) => viewer.move(photoId)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
