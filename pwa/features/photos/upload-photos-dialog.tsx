import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState, type DragEvent, type FormEvent } from 'react';
import { photoToasts } from '../../../schema/photo-messages.ts';
import type { SyncedAlbum, SyncedFamily } from '../../../schema/sync.ts';
import { isDeviceFull } from '../../db/hearth-db.ts';
import { uploadProgress } from '../../sync/upload-progress.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextArea, TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { ChosenPhotos } from './chosen-photos.tsx';
import * as styles from './photos-screen.css.ts';
import {
  photoPickerAccept,
  queuePhotos,
  selectionProblem,
  titleFromFileName,
  type SelectionProblem,
} from './queue-photos.ts';

type UploadPhotosDialogProps = {
  family: SyncedFamily;
  albums: SyncedAlbum[];
  /** The album the grid shows: new photos go there unless the person picks another. */
  albumId: string | null;
  open: boolean;
  onClose: () => void;
};

function toastFor(problem: SelectionProblem): void {
  const message =
    problem.kind === 'none'
      ? photoToasts.noFilesSelected
      : problem.kind === 'tooMany'
        ? photoToasts.tooManyFiles
        : problem.kind === 'notImages'
          ? photoToasts.invalidFiles
          : photoToasts.fileTooLarge(problem.names.join(', '));
  toast({ ...message, variant: 'destructive' });
}

/**
 * Upload Photos (product.md §2, §5): pick or drop up to ten images, see them, give a title (the file name unless given)
 * and a description, choose an album. The files are kept on the device first, so nothing picked is lost to a dropped
 * connection; online, the dialog shows their progress and closes when the last is up.
 */
export function UploadPhotosDialog({ family, albums, albumId, open, onClose }: UploadPhotosDialogProps) {
  const db = useHearthDb();
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [album, setAlbum] = useState(albumId ?? '');
  const [sending, setSending] = useState<string[] | null>(null);
  const progress = uploadProgress.use();
  const uploadsLeft = usePhotoUploadsLeft(sending);
  const hintId = useId();

  // Every photo sent is on the server: say so, once, and close.
  const finished = sending !== null && uploadsLeft !== undefined && uploadsLeft.waiting === 0;
  const refused = uploadsLeft?.refused ?? 0;
  useEffect(() => {
    if (!finished || !sending) return;
    if (refused > 0) toast({ ...photoToasts.uploadFailed, variant: 'destructive' });
    if (sending.length > refused) toast(photoToasts.uploaded(sending.length - refused));
    onClose();
    // Only the finishing counts: `onClose` is a new function at each render, and the screen renders again at once.
  }, [finished]);

  function choose(chosen: File[]) {
    const problem = selectionProblem(chosen);
    if (problem && problem.kind !== 'none') {
      toastFor(problem);
      return;
    }
    setFiles(chosen);
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = selectionProblem(files);
    if (problem) {
      toastFor(problem);
      return;
    }
    let ids: string[];
    try {
      ids = await queuePhotos(db, family.id, files, {
        albumId: album || null,
        // One title for one photo; several are each titled by their file name (product.md §9).
        title: files.length === 1 ? title.trim() || null : null,
        description: description.trim() || null,
      });
    } catch (error) {
      // Nothing was kept (one transaction): the dialog stays open with everything chosen and typed.
      toast({ ...(isDeviceFull(error) ? photoToasts.deviceFull : photoToasts.uploadFailed), variant: 'destructive' });
      return;
    }
    if (!navigator.onLine) {
      toast(photoToasts.savedOffline(ids.length));
      onClose();
      return;
    }
    setSending(ids);
  }

  const sentFraction =
    sending && sending.length > 0
      ? sending.reduce((sum, id) => sum + (progress.get(id) ?? (uploadsLeft?.ids.has(id) ? 0 : 1)), 0) / sending.length
      : 0;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upload Photos"
      description={`To ${family.name}. PNG, JPG, GIF, WebP or HEIC, up to 10 MB each, ten at a time.`}
    >
      <form noValidate onSubmit={(event) => void upload(event)} className={styles.form}>
        <div
          className={styles.dropZone}
          onDragOver={(event: DragEvent) => event.preventDefault()}
          onDrop={(event: DragEvent) => {
            event.preventDefault();
            choose([...event.dataTransfer.files]);
          }}
        >
          <label className={styles.pickLabel}>
            <span>{files.length > 0 ? `${files.length} photo(s) chosen` : 'Choose photos or drop them here'}</span>
            <input
              type="file"
              accept={photoPickerAccept}
              multiple
              aria-describedby={hintId}
              className={styles.fileInput}
              disabled={sending !== null}
              onChange={(event) => choose([...(event.currentTarget.files ?? [])])}
            />
          </label>
          <p id={hintId} className={styles.hint}>
            From your phone&apos;s gallery or camera, or your computer.
          </p>
        </div>
        {files.length > 0 ? <ChosenPhotos files={files} /> : null}
        {files.length <= 1 ? (
          <TextField
            label="Title (optional)"
            placeholder={files[0] ? titleFromFileName(files[0].name) : 'The file name, if you leave it empty'}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.currentTarget.value)}
            disabled={sending !== null}
          />
        ) : null}
        <TextArea
          label="Description (optional)"
          value={description}
          maxLength={2000}
          rows={2}
          onChange={(event) => setDescription(event.currentTarget.value)}
          disabled={sending !== null}
        />
        <SelectField
          label="Album"
          value={album}
          options={[{ value: '', label: 'No album' }, ...albums.map((each) => ({ value: each.id, label: each.name }))]}
          onChange={(event) => setAlbum(event.currentTarget.value)}
          disabled={sending !== null}
        />
        {sending ? (
          <div className={styles.progress} role="status">
            <progress max={100} value={Math.round(sentFraction * 100)} />
            <span>Uploading {Math.round(sentFraction * 100)}%</span>
          </div>
        ) : (
          <Button type="submit">Upload</Button>
        )}
      </form>
    </Dialog>
  );
}

/** Of the photos being sent, those still waiting and how many the server refused (undefined until known). */
function usePhotoUploadsLeft(ids: string[] | null) {
  const db = useHearthDb();
  return useLiveQuery(async () => {
    if (!ids) return undefined;
    const rows = (await db.photoUploads.bulkGet(ids)).filter((row) => row !== undefined);
    const waiting = rows.filter((row) => row.state === 'waiting');
    return {
      waiting: waiting.length,
      refused: rows.length - waiting.length,
      ids: new Set(waiting.map((row) => row.photoId)),
    };
  }, [db, ids]);
}
