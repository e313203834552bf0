import { voiceNoteTargetOf, type HearthDb, type PhotoUpload } from '../db/hearth-db.ts';
import { signInAgain } from '../lib/api-client.ts';
import { inSyncTransaction } from './row-writer.ts';
import { setUploadProgress } from './upload-progress.ts';
import { readSignedInUser } from './sync-state.ts';
import { browserTransport, outcomeOf, sendInParts, type Exchange, type UploadOutcome } from './upload-in-parts.ts';

/**
 * Photos travel in their own queue (docs/decisions/0017-photos.md): each picked file waits in `photoUploads`, bytes
 * and all, and is uploaded in order under the photo's id, in parts that go on where a cut left them (decision 0035);
 * only once the server has it is `photo.create` written (the outbox then sends it like any write). A tab closed
 * between the two uploads the file again, which the server answers as already there, and writes the photo once more,
 * which both sides take as the same photo.
 */

export type { UploadOutcome };

/** The upload of one file, with progress. */
export type SendFile = (upload: PhotoUpload, onProgress: (fraction: number) => void) => Promise<UploadOutcome>;

/**
 * A voice note's recording in one request (decision 0052: five minutes of Opus is under 2 MB), answered as a photo's
 * last part is.
 */
async function sendRecording({ photoId: voiceNoteId, familyId, file }: PhotoUpload): Promise<UploadOutcome> {
  const body = new FormData();
  body.append('file', file, 'voice-note');
  let answer: Exchange = null;
  try {
    const response = await fetch(`/api/families/${familyId}/voice-notes/${voiceNoteId}/file`, {
      method: 'POST',
      body,
      credentials: 'same-origin',
    });
    answer = { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    // Offline or cut: tried again later.
  }
  return outcomeOf(answer);
}

/**
 * A photo in parts, so a slow or cut connection goes on where it stopped (docs/decisions/0035-uploads-in-parts.md);
 * a voice note's recording whole.
 */
export const sendFileOverHttp: SendFile = async (upload, onProgress) => {
  const outcome = upload.voice ? await sendRecording(upload) : await sendInParts(browserTransport, upload, onProgress);
  // A 401 ends the device's session at once (docs/decisions/0031-a-401-anywhere-ends-the-session.md).
  if (outcome.kind === 'signed-out') signInAgain();
  return outcome;
};

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
 * The file is on the server: the photo is written (and queued for the server) and the kept bytes go, in one
 * transaction, so a reload between the two never leaves the photo both written and waiting to upload (two tiles of
 * one photo, the file sent again). The write module brings zod, so it comes with the first photo rather than with
 * every signed-in page.
 */
async function namePhoto(db: HearthDb, upload: PhotoUpload): Promise<void> {
  const { photoId, familyId, albumId, title, description, voice } = upload;
  const { writeLocally } = await import('./write.ts');
  if (voice) {
    // The recording stays on this device to play at once and offline (photo-keeper.ts keeps the newest).
    await db.voiceClips
      .put({ voiceNoteId: photoId, familyId, blob: upload.file, keptAt: Date.now(), durationMs: voice.durationMs })
      .catch(() => {});
  }
  await inSyncTransaction(db, async () => {
    // Let go of while it was uploading (its chat message deleted): the file stays unnamed, and housekeeping takes it.
    if (!(await db.photoUploads.get(photoId))) return;
    const context = { signedInUser: await readSignedInUser(db) };
    if (voice) {
      await writeLocally(db, context, 'voiceNote.create', {
        voiceNoteId: photoId,
        familyId,
        ...voiceNoteTargetOf(voice),
      });
    } else {
      await writeLocally(db, context, 'photo.create', { photoId, familyId, albumId, title, description });
    }
    await db.photoUploads.delete(photoId);
  });
}
