import type { MutationArgs, MutationName } from '../../../schema/sync.ts';
import type { HearthDb, PhotoUpload, VoiceNoteTarget } from '../../db/hearth-db.ts';
import { homeChangedByWrite } from '../../lib/home-snapshot.ts';

/**
 * Keeps a recording on the device, bytes and all, in the same queue as picked photos (decision 0058): the uploader
 * sends it in order when it can, then writes the voice note naming it. Answers the voice note's id.
 */
export async function queueVoiceNote(
  db: HearthDb,
  familyId: string,
  recording: { blob: Blob; durationMs: number },
  target: VoiceNoteTarget,
): Promise<string> {
  const voiceNoteId = crypto.randomUUID();
  homeChangedByWrite();
  await db.photoUploads.add({
    photoId: voiceNoteId,
    familyId,
    albumId: null,
    title: null,
    description: null,
    file: recording.blob,
    queuedAt: new Date().toISOString(),
    state: 'waiting',
    voice: { ...target, durationMs: recording.durationMs },
  });
  return voiceNoteId;
}

/** Whether a queued upload is the recording of what `target` names. */
export function recordingIsFor(upload: PhotoUpload, target: VoiceNoteTarget): boolean {
  const { voice } = upload;
  if (voice?.on !== target.on) return false;
  if (voice.on === 'message') return target.on === 'message' && voice.messageId === target.messageId;
  if (voice.on === 'comment') return target.on === 'comment' && voice.commentId === target.commentId;
  return target.on === 'photo' && voice.photoId === target.photoId;
}

/** The recordings still waiting to go for a message or comment that is going: they have nothing to belong to now. */
export async function forgetRecordingsOf(db: HearthDb, target: VoiceNoteTarget): Promise<void> {
  await db.photoUploads.filter((upload) => recordingIsFor(upload, target)).delete();
}

/** A write from a screen (`useLocalWrite`, `useQuickWrite`): answers whether it was saved. */
type Write = <N extends MutationName>(name: N, args: MutationArgs<N>) => Promise<boolean>;

/**
 * Lets go of a recording the server refused (its Discard). A voice message or comment was written for it when it was
 * recorded and has no sound without it, so it goes too, first: else the chat or the post would say it was on its way
 * for ever. A photo's story was only its recording.
 */
export async function discardRecording(db: HearthDb, write: Write, upload: PhotoUpload): Promise<void> {
  const { voice } = upload;
  const written =
    voice?.on === 'message'
      ? await write('message.delete', { messageId: voice.messageId, familyId: upload.familyId })
      : voice?.on === 'comment'
        ? await write('comment.delete', { commentId: voice.commentId, familyId: upload.familyId })
        : true;
  if (written) await db.photoUploads.delete(upload.photoId);
}
