import type { HearthDb, PhotoUpload } from '../db/hearth-db.ts';
import { setUploadProgress } from './upload-progress.ts';
import { readSignedInUser } from './sync-state.ts';

/**
 * Photos travel in their own queue (docs/decisions/0017-photos.md): each picked file waits in `photoUploads`, bytes
 * and all, and is uploaded in order under the photo's id; only once the server has it is `photo.create` written (the
 * outbox then sends it like any write). A tab closed between the two uploads the file again, which the server answers
 * as already there, and writes the photo once more, which both sides take as the same photo.
 */

/** What an upload came to: stored, refused for good (with the server's sentence), or try again later. */
export type UploadOutcome =
  { kind: 'stored' } | { kind: 'refused'; problem: string } | { kind: 'retry' } | { kind: 'signed-out' };

/** The browser's upload of one file, with progress: XHR, since fetch cannot report how much of a body went. */
export type SendFile = (upload: PhotoUpload, onProgress: (fraction: number) => void) => Promise<UploadOutcome>;

export const sendFileOverHttp: SendFile = (upload, onProgress) =>
  new Promise((resolve) => {
    const request = new XMLHttpRequest();
    const form = new FormData();
    form.append('file', upload.file);
    request.open('POST', `/api/families/${upload.familyId}/photos/${upload.photoId}/file`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const { status } = request;
      if (status === 200 || status === 201) return resolve({ kind: 'stored' });
      if (status === 401) return resolve({ kind: 'signed-out' });
      if (status >= 500 || status === 408 || status === 429) return resolve({ kind: 'retry' });
      let problem = "Hearth couldn't keep this photo.";
      try {
        problem = (JSON.parse(request.responseText) as { error?: string }).error ?? problem;
      } catch {
        // Not JSON (a proxy's page): the plain sentence above.
      }
      resolve({ kind: 'refused', problem });
    };
    request.onerror = () => resolve({ kind: 'retry' });
    request.ontimeout = () => resolve({ kind: 'retry' });
    request.send(form);
  });

/** Waits this long after a failed try, doubling up to a minute; the connection coming back tries at once. */
const firstRetryMs = 2_000;
const longestRetryMs = 60_000;

/**
 * Uploads the queue while running: call `kick` when something was queued or the connection came back. One file at
 * a time, oldest first: a family's album of forty photos must not take a slow line from everything else.
 */
export type PhotoUploader = { kick(): void; stop(): void };

export function createPhotoUploader({
  db,
  sendFile = sendFileOverHttp,
}: {
  db: HearthDb;
  sendFile?: SendFile;
}): PhotoUploader {
  let running = false;
  let stopped = false;
  let wake: (() => void) | null = null;
  let retryMs = firstRetryMs;

  function kick(): void {
    wake?.();
    if (!running && !stopped) void drain();
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (!stopped) {
        const next = await db.photoUploads
          .orderBy('queuedAt')
          .filter((upload) => upload.state === 'waiting')
          .first();
        if (!next) return;
        const outcome = await sendFile(next, (fraction) => setUploadProgress(next.photoId, fraction));
        setUploadProgress(next.photoId, null);
        if (outcome.kind === 'signed-out') return;
        if (outcome.kind === 'retry') {
          await pause(retryMs);
          retryMs = Math.min(retryMs * 2, longestRetryMs);
          continue;
        }
        retryMs = firstRetryMs;
        if (outcome.kind === 'refused') {
          await db.photoUploads.update(next.photoId, { state: 'refused', problem: outcome.problem });
          continue;
        }
        await namePhoto(db, next);
      }
    } finally {
      running = false;
    }
  }

  return {
    kick,
    stop(): void {
      stopped = true;
      wake?.();
    },
  };
}

/**
 * The file is on the server: the photo is written (and queued for the server) and the kept bytes go. The write module
 * brings zod, so it comes with the first photo rather than with every signed-in page.
 */
async function namePhoto(db: HearthDb, upload: PhotoUpload): Promise<void> {
  const { photoId, familyId, albumId, title, description } = upload;
  // Let go of while it was uploading (its chat message deleted): the file stays unnamed, and housekeeping takes it.
  if (!(await db.photoUploads.get(photoId))) return;
  const { writeLocally } = await import('./write.ts');
  await writeLocally(db, { signedInUser: await readSignedInUser(db) }, 'photo.create', {
    photoId,
    familyId,
    albumId,
    title,
    description,
  });
  await db.photoUploads.delete(photoId);
}
