import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedVoiceNote } from '../../../schema/sync.ts';
import { voiceNoteTargetOf, type HearthDb, type PhotoUpload } from '../../db/hearth-db.ts';
import { Button } from '../../ui/button.tsx';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useQuickWrite } from '../feed/use-quick-write.ts';
import { discardRecording, recordingIsFor } from './queue-voice-note.ts';
import { VoicePlayer } from './voice-player.tsx';
import * as styles from './voice.css.ts';

type Shown = { kind: 'note'; note: SyncedVoiceNote } | { kind: 'upload'; upload: PhotoUpload } | { kind: 'none' };

/**
 * This person's recordings not yet back from the server as voice notes: those still waiting to upload, and those
 * uploaded and named whose row has not arrived yet (the recording kept on the device plays meanwhile). A few at most.
 */
async function waitingRecordings(db: HearthDb): Promise<PhotoUpload[]> {
  const uploads = (await db.photoUploads.toArray()).filter((upload) => upload.voice !== undefined);
  const named: PhotoUpload[] = [];
  for (const entry of await db.outbox.toArray()) {
    if (entry.name !== 'voiceNote.create') continue;
    const { voiceNoteId, familyId } = entry.args;
    const clip = await db.voiceClips.get(voiceNoteId);
    if (!clip || (await db.voiceNotes.get(voiceNoteId))) continue;
    named.push({
      photoId: voiceNoteId,
      familyId,
      albumId: null,
      title: null,
      description: null,
      file: clip.blob,
      queuedAt: entry.createdAt,
      state: 'waiting',
      voice: { ...voiceNoteTargetOf(entry.args), durationMs: clip.durationMs ?? 0 },
    });
  }
  return [...uploads, ...named];
}

/** What a voice message or voice comment is the sound of. */
type SoundOf = { on: 'message'; messageId: string } | { on: 'comment'; commentId: string };

/**
 * The sound of a voice message, or of a voice comment (decision 0065): its voice note, or the author's own recording
 * still waiting to go, or a word that it is on its way.
 */
export function AttachedVoiceNote({ of, label }: { of: SoundOf; label: string }) {
  const db = useHearthDb();
  const field = of.on === 'message' ? 'messageId' : 'commentId';
  const id = of.on === 'message' ? of.messageId : of.commentId;
  const shown = useLiveQuery(async (): Promise<Shown> => {
    const note = await db.voiceNotes.where(field).equals(id).first();
    if (note) return { kind: 'note', note };
    const upload = (await waitingRecordings(db)).find((each) => recordingIsFor(each, of));
    return upload ? { kind: 'upload', upload } : { kind: 'none' };
    // `of` is a new object each time it is drawn; its field and id say what it names.
  }, [db, field, id]);
  if (!shown) return null;
  if (shown.kind === 'none') {
    return <p className={styles.pending}>{of.on === 'message' ? 'Voice message' : 'Voice comment'} on its way…</p>;
  }
  if (shown.kind === 'upload' && shown.upload.state === 'refused') {
    return <RefusedRecording upload={shown.upload} />;
  }
  const source =
    shown.kind === 'note'
      ? { note: shown.note, durationMs: shown.note.durationMs, peaks: shown.note.peaks }
      : { blob: shown.upload.file, durationMs: shown.upload.voice?.durationMs ?? 0 };
  return <VoicePlayer source={source} label={label} />;
}

/**
 * A recording the server will never take (the uploader was told why): said so, with a way to let it go, and the
 * voice message or comment written for it with it.
 */
export function RefusedRecording({ upload }: { upload: PhotoUpload }) {
  const db = useHearthDb();
  const quickWrite = useQuickWrite();
  return (
    <div className={styles.panel} role="alert">
      <p className={styles.warning}>Not sent: {upload.problem ?? 'Hearth could not keep this recording.'}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void discardRecording(db, quickWrite, upload)}>
          Discard
        </Button>
      </div>
    </div>
  );
}

/** A photo's stories, each told by one member, with the person's own one still waiting to go. */
export function usePhotoStories(photoId: string) {
  const db = useHearthDb();
  return useLiveQuery(async () => {
    const notes = await db.voiceNotes.where('photoId').equals(photoId).sortBy('createdAt');
    const waiting = (await waitingRecordings(db)).filter((each) => recordingIsFor(each, { on: 'photo', photoId }));
    const tellers = await db.users.bulkGet(notes.map((note) => note.authorId));
    return { notes: notes.map((note, index) => ({ note, teller: tellers[index] })), waiting };
  }, [db, photoId]);
}
