import type { SyncedPhoto } from '../../../schema/sync.ts';
import type { PhotoUpload } from '../../db/hearth-db.ts';
import { uploadProgress } from '../../sync/upload-progress.ts';
import { Button } from '../../ui/button.tsx';
import { LocalPicture } from './local-picture.tsx';
import { photoAlt } from './photo-alt.ts';
import { PhotoThumbnail } from './photo-thumbnail.tsx';
import * as styles from './photo-tile.css.ts';

/** A square tile of a family photo, from its thumbnail, opening the viewer. The grid and a post's photos use it. */
export function PhotoTile({
  photo,
  onOpen,
  onPointerEnter,
}: {
  photo: SyncedPhoto;
  onOpen: () => void;
  /** Where the viewer's code is not loaded yet: the moment to fetch it. */
  onPointerEnter?: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.tile}
      aria-haspopup="dialog"
      onPointerEnter={onPointerEnter}
      onClick={onOpen}
    >
      <PhotoThumbnail photo={photo} alt={photoAlt(photo)} className={styles.image} />
    </button>
  );
}

/**
 * A photo picked on this device and not on the server yet, shown at once from its own bytes with how far it has got.
 * One the server refused says why; `onDiscard`, where given, lets it go.
 */
export function PendingPhotoTile({ upload, onDiscard }: { upload: PhotoUpload; onDiscard?: () => void }) {
  const progress = uploadProgress.use().get(upload.photoId);
  return (
    <div className={styles.tile} data-state={upload.state}>
      <LocalPicture
        file={upload.file}
        alt={photoAlt({ ...upload, createdAt: upload.queuedAt }, 'you')}
        className={styles.image}
      />
      {upload.state === 'refused' && onDiscard ? (
        <div className={styles.problem} role="alert">
          <p>Not sent: {upload.problem}</p>
          <Button variant="secondary" onClick={onDiscard}>
            Discard
          </Button>
        </div>
      ) : (
        <span className={styles.badge}>
          {upload.state === 'refused'
            ? 'Not sent'
            : progress === undefined
              ? 'Waiting to send'
              : `Uploading ${Math.round(progress * 100)}%`}
        </span>
      )}
    </div>
  );
}
