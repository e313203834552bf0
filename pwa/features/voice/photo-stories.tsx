import { voiceNoteLength } from '../../../schema/voice-notes.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { publicName } from '../account/display-name.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { queueVoiceNote } from './queue-voice-note.ts';
import { useVoiceRecorder, type Recorded } from './use-voice-recorder.ts';
import { RefusedRecording, usePhotoStories } from './voice-message.tsx';
import { VoicePlayer } from './voice-player.tsx';
import { VoiceRecorderPanel } from './voice-recorder.tsx';
import * as styles from './voice.css.ts';

/** How many stories a photo has, for the viewer's button: "Tell its story" or "Stories (2)". */
export function useStoryCount(photoId: string): number {
  const stories = usePhotoStories(photoId);
  return (stories?.notes.length ?? 0) + (stories?.waiting.length ?? 0);
}

/**
 * A photo's stories (decision 0058): each member may tell one in their own voice, heard by the whole family; telling
 * it again replaces theirs. A story recorded offline waits on this device and is sent when it can be.
 */
export function PhotoStories({ photoId, familyId, titleId }: { photoId: string; familyId: string; titleId: string }) {
  const db = useHearthDb();
  const user = useSignedInUser();
  const stories = usePhotoStories(photoId);
  const recorder = useVoiceRecorder();
  if (!stories) return null;
  const told = stories.waiting.length > 0 || stories.notes.some(({ note }) => note.authorId === user.id);

  async function send(recorded: Recorded) {
    try {
      // Only the newest of this person's recordings still waiting for this photo goes: it replaces the others.
      for (const waiting of stories?.waiting ?? []) await db.photoUploads.delete(waiting.photoId);
      await queueVoiceNote(db, familyId, recorded, { on: 'photo', photoId });
      toast({ title: 'Your story is saved', description: `It lasts ${voiceNoteLength(recorded.durationMs)}.` });
    } catch (error) {
      console.error('Could not keep the story on this device', error);
      toast({ title: "Hearth couldn't keep your story", variant: 'destructive' });
    }
  }

  return (
    <>
      <h3 id={titleId} className={styles.storyTeller}>
        Stories of this photo
      </h3>
      {stories.notes.length === 0 && stories.waiting.length === 0 ? (
        <p className={styles.hint}>Nobody has told its story yet. Tell what you remember, in your own voice.</p>
      ) : (
        <ul className={styles.stories}>
          {stories.notes.map(({ note, teller }) => (
            <li key={note.id}>
              <p className={styles.storyTeller}>
                {note.authorId === user.id ? 'You' : teller ? publicName(teller) : 'A family member'}
              </p>
              <VoicePlayer
                source={{ note, durationMs: note.durationMs, peaks: note.peaks }}
                label="Story"
              />
            </li>
          ))}
          {stories.waiting.map((upload) => (
            <li key={upload.photoId}>
              <p className={styles.storyTeller}>You (waiting to send)</p>
              {upload.state === 'refused' ? (
                <RefusedRecording upload={upload} />
              ) : (
                <VoicePlayer source={{ blob: upload.file, durationMs: upload.voice?.durationMs ?? 0 }} label="Story" />
              )}
            </li>
          ))}
        </ul>
      )}
      <VoiceRecorderPanel recorder={recorder} sendLabel="Save story" onSend={(recorded) => void send(recorded)} />
      {recorder.state.step === 'idle' ? (
        <div className={styles.actions}>
          <Button onClick={recorder.start}>{told ? 'Record it again' : 'Record my story'}</Button>
        </div>
      ) : null}
    </>
  );
}
