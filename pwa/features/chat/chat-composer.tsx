import { useState } from 'react';
import { photoToasts } from '../../../schema/photo-messages.ts';
import { toasts } from '../../../schema/messages.ts';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { messageRules } from '../feed/content-rules.ts';
import * as formStyles from '../feed/content-form.css.ts';
import { useContentForm } from '../feed/use-content-form.ts';
import { ChosenPhotos } from '../photos/chosen-photos.tsx';
import { PhotosIcon } from '../photos/photos-icon.tsx';
import { photoPickerAccept, queuePhotos, selectionProblem } from '../photos/queue-photos.ts';
import { queueVoiceNote } from '../voice/queue-voice-note.ts';
import { useVoiceRecorder, type Recorded } from '../voice/use-voice-recorder.ts';
import { MicIcon } from '../voice/voice-icons.tsx';
import { VoiceRecorderPanel } from '../voice/voice-recorder.tsx';
import * as voiceStyles from '../voice/voice.css.ts';
import * as styles from './chat-screen.css.ts';

/** Enter sends (product.md §2); Shift+Enter, and Enter while an input method is composing a word, make a new line. */
function sendOnEnter(event: React.KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

/**
 * Type and send, or attach photos (the camera or the library on a phone): picked photos show first, with Send and
 * Cancel, so a wrong pick never reaches the family. Both are saved on this device at once and sent when they can be:
 * a photo goes through the upload queue, and its message shows it as soon as it is up.
 */
export function ChatComposer({ familyId }: { familyId: string }) {
  const db = useHearthDb();
  const write = useLocalWrite();
  const form = useContentForm({
    rules: messageRules,
    save: (content) =>
      write('message.send', { messageId: crypto.randomUUID(), familyId, messageType: 'text', content }),
    onSaved: () => {},
    failure: toasts.messageFailed,
  });

  const [chosen, setChosen] = useState<File[]>([]);
  const recorder = useVoiceRecorder();

  /**
   * The message is written at once, so the chat keeps the order things were said in; its recording waits on this
   * device with the photos and is named once it is up (decision 0058).
   */
  async function sendVoice(recorded: Recorded) {
    const messageId = crypto.randomUUID();
    try {
      await write('message.send', { messageId, familyId, messageType: 'voice' });
      await queueVoiceNote(db, familyId, recorded, { on: 'message', messageId });
    } catch (error) {
      console.error('Could not keep the voice message on this device', error);
      toast({ ...toasts.messageFailed, variant: 'destructive' });
    }
  }

  function choosePhotos(files: File[]) {
    const problem = selectionProblem(files);
    if (problem) {
      toast({
        ...(problem.kind === 'none'
          ? photoToasts.noFilesSelected
          : problem.kind === 'tooMany'
            ? photoToasts.tooManyFiles
            : problem.kind === 'notImages'
              ? photoToasts.invalidFiles
              : photoToasts.fileTooLarge(problem.names.join(', '))),
        variant: 'destructive',
      });
      return;
    }
    setChosen(files);
  }

  async function sendPhotos(files: File[]) {
    setChosen([]);
    try {
      const photoIds = await queuePhotos(db, familyId, files, { albumId: null, title: null, description: null });
      for (const photoId of photoIds) {
        await write('message.send', { messageId: crypto.randomUUID(), familyId, messageType: 'photo', photoId });
      }
    } catch (error) {
      console.error('Could not keep the photos on this device', error);
      toast({ ...toasts.messageFailed, variant: 'destructive' });
    }
  }

  return (
    <form ref={form.formRef} className={styles.composer} onSubmit={form.submit} noValidate>
      {chosen.length > 0 ? (
        <div role="group" aria-label="Photos to send" className={styles.photosToSend}>
          <ChosenPhotos files={chosen} onRemove={(index) => setChosen(chosen.filter((_, each) => each !== index))} />
          <div className={styles.photosToSendActions}>
            <Button variant="secondary" onClick={() => setChosen([])}>
              Cancel
            </Button>
            <Button onClick={() => void sendPhotos(chosen)}>
              {chosen.length === 1 ? 'Send photo' : `Send ${chosen.length} photos`}
            </Button>
          </div>
        </div>
      ) : null}
      <VoiceRecorderPanel
        recorder={recorder}
        sendLabel="Send voice message"
        onSend={(recorded) => void sendVoice(recorded)}
      />
      <div className={styles.composerRow} hidden={recorder.state.step !== 'idle'}>
        <label className={styles.attach} title="Send photos">
          <PhotosIcon size="1.5rem" />
          <span className={visuallyHidden}>Send photos</span>
          <input
            type="file"
            accept={photoPickerAccept}
            multiple
            className={formStyles.fileInput}
            onChange={(event) => {
              choosePhotos([...(event.currentTarget.files ?? [])]);
              event.currentTarget.value = '';
            }}
          />
        </label>
        <button
          type="button"
          className={voiceStyles.micButton}
          title="Record a voice message"
          aria-label="Record a voice message"
          onClick={recorder.start}
        >
          <MicIcon size="1.5rem" />
        </button>
        <TextArea
          label="Message"
          hideLabel
          placeholder="Type your message..."
          rows={1}
          enterKeyHint="send"
          className={styles.input}
          onKeyDown={sendOnEnter}
          {...form.field}
        />
        <Button type="submit" className={styles.send} disabled={form.blank || form.saving}>
          Send
        </Button>
      </div>
    </form>
  );
}
