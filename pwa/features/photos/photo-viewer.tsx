import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { photoToasts } from '../../../schema/photo-messages.ts';
import { photoUrl } from '../../../schema/photo-urls.ts';
import type { SyncedAlbum, SyncedPhoto } from '../../../schema/sync.ts';
import { formatLongDate } from '../../lib/format-date.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmActions } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextArea, TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { publicName } from '../account/display-name.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { useIsFamilyAdmin } from '../family/use-is-family-admin.ts';
import * as styles from './photos-screen.css.ts';
import { usePreviewUrl } from './use-preview-url.ts';

type PhotoViewerProps = {
  /** The photos of the grid, in its order: next and previous walk through them. */
  photos: SyncedPhoto[];
  index: number;
  albums: SyncedAlbum[];
  open: boolean;
  onClose: () => void;
  onMove: (index: number) => void;
};

type Mode = 'view' | 'edit' | 'confirmDelete';

/**
 * Whether to offer Download original: always to the uploader; to others where the uploader's Photo Download
 * setting allows it, which only the server knows (a HEAD of the original's address answers it without the bytes).
 */
function useCanDownloadOriginal(photoId: string, mine: boolean): boolean {
  const [allowed, setAllowed] = useState<{ photoId: string; allowed: boolean } | null>(null);
  useEffect(() => {
    if (mine) return;
    let current = true;
    fetch(photoUrl(photoId, 'original'), { method: 'HEAD', credentials: 'same-origin' })
      .then((answer) => current && setAllowed({ photoId, allowed: answer.ok }))
      .catch(() => {
        // Offline: a download could not be made anyway.
      });
    return () => {
      current = false;
    };
  }, [photoId, mine]);
  return mine || (allowed?.photoId === photoId && allowed.allowed);
}

/**
 * The viewer (issue 13): the photo large, next and previous by buttons, arrow keys and swipe, who shared it and when;
 * the uploader (or an admin) edits its words and album or deletes it; the album's maker (or an admin) makes it the
 * album's cover.
 * Escape closes it and focus goes back to the tile (the dialog's own behaviour).
 */
export function PhotoViewer({ photos, index, albums, open, onClose, onMove }: PhotoViewerProps) {
  const photo = photos[index]!;
  const db = useHearthDb();
  const user = useSignedInUser();
  const isAdmin = useIsFamilyAdmin(photo.familyId);
  const write = useLocalWrite();
  const uploader = useLiveQuery(() => db.users.get(photo.uploadedById), [db, photo.uploadedById]);
  const [mode, setMode] = useState<Mode>('view');
  const mine = photo.uploadedById === user.id;
  const canChange = mine || isAdmin === true;
  const album = albums.find((candidate) => candidate.id === photo.albumId);
  const canChangeAlbum = album !== undefined && (album.createdById === user.id || isAdmin === true);
  const hasPrevious = index > 0;
  const hasNext = index < photos.length - 1;
  const imageUrl = usePreviewUrl(photo.id);
  const canDownload = useCanDownloadOriginal(photo.id, mine);

  useEffect(() => setMode('view'), [photo.id]);

  useEffect(() => {
    if (!open || mode !== 'view') return;
    function walk(event: KeyboardEvent) {
      if (event.key === 'ArrowLeft' && hasPrevious) onMove(index - 1);
      if (event.key === 'ArrowRight' && hasNext) onMove(index + 1);
    }
    window.addEventListener('keydown', walk);
    return () => window.removeEventListener('keydown', walk);
  }, [open, mode, index, hasPrevious, hasNext, onMove]);

  const swipe = useSwipe((direction) => {
    if (direction === 'left' && hasNext) onMove(index + 1);
    if (direction === 'right' && hasPrevious) onMove(index - 1);
  });

  async function remove() {
    await write('photo.delete', { photoId: photo.id });
    toast(photoToasts.photoDeleted);
    onClose();
  }

  async function makeCover() {
    if (!album) return;
    await write('album.update', {
      albumId: album.id,
      name: album.name,
      description: album.description,
      coverPhotoId: photo.id,
    });
    toast({ title: `Now the cover of “${album.name}”` });
  }

  const title = photo.title || 'Photo';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="wide"
      title={title}
      description={`Shared by ${uploader ? (uploader.id === user.id ? 'you' : publicName(uploader)) : 'a family member'} on ${formatLongDate(photo.createdAt)}${album ? ` · in “${album.name}”` : ''}`}
      actions={
        mode === 'confirmDelete' ? (
          <ConfirmActions
            confirmLabel="Delete photo"
            onCancel={() => setMode('view')}
            onConfirm={() => void remove()}
          />
        ) : mode === 'view' ? (
          <>
            {canDownload ? (
              <a className={styles.linkButton} href={photoUrl(photo.id, 'original')} download>
                Download original
              </a>
            ) : null}
            {canChangeAlbum && album.coverPhotoId !== photo.id ? (
              <Button variant="secondary" onClick={() => void makeCover()}>
                Set as album cover
              </Button>
            ) : null}
            {canChange ? (
              <>
                <Button variant="secondary" onClick={() => setMode('edit')}>
                  Edit
                </Button>
                <Button variant="danger" onClick={() => setMode('confirmDelete')}>
                  Delete
                </Button>
              </>
            ) : null}
          </>
        ) : null
      }
    >
      {mode === 'edit' ? (
        <EditPhoto photo={photo} albums={albums} onDone={() => setMode('view')} />
      ) : (
        <>
          <div className={styles.stage} {...swipe}>
            {imageUrl ? <img src={imageUrl} alt={title} className={styles.stageImage} /> : null}
          </div>
          <div className={styles.walk}>
            <Button variant="secondary" disabled={!hasPrevious} onClick={() => onMove(index - 1)}>
              Previous
            </Button>
            <span className={styles.position}>
              {index + 1} of {photos.length}
            </span>
            <Button variant="secondary" disabled={!hasNext} onClick={() => onMove(index + 1)}>
              Next
            </Button>
          </div>
          {photo.description ? <p className={styles.photoDescription}>{photo.description}</p> : null}
          {mode === 'confirmDelete' ? (
            <p role="alert">Delete this photo for everyone in the family? This cannot be undone.</p>
          ) : null}
        </>
      )}
    </Dialog>
  );
}

function EditPhoto({ photo, albums, onDone }: { photo: SyncedPhoto; albums: SyncedAlbum[]; onDone: () => void }) {
  const write = useLocalWrite();
  const [title, setTitle] = useState(photo.title ?? '');
  const [description, setDescription] = useState(photo.description ?? '');
  const [albumId, setAlbumId] = useState(photo.albumId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save() {
    const outcome = await write('photo.update', {
      photoId: photo.id,
      albumId: albumId || null,
      title: title.trim() || null,
      description: description.trim() || null,
    });
    if (outcome.saved) onDone();
    else setErrors(outcome.fieldErrors);
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        label="Title"
        value={title}
        error={errors.title}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <TextArea
        label="Description"
        value={description}
        rows={3}
        error={errors.description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <SelectField
        label="Album"
        value={albumId}
        options={[{ value: '', label: 'No album' }, ...albums.map((album) => ({ value: album.id, label: album.name }))]}
        onChange={(event) => setAlbumId(event.currentTarget.value)}
      />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </div>
    </form>
  );
}

/** A horizontal swipe on a touch screen: left for the next photo, right for the previous one. */
function useSwipe(onSwipe: (direction: 'left' | 'right') => void) {
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: React.PointerEvent) => setStart({ x: event.clientX, y: event.clientY }),
    onPointerUp: (event: React.PointerEvent) => {
      if (!start) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      setStart(null);
      if (Math.abs(dx) > 60 && Math.abs(dx) > Math.abs(dy) * 1.5) onSwipe(dx < 0 ? 'left' : 'right');
    },
  };
}
