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
import { PhotosIcon } from '../photos/photos-icon.tsx';
import { photoPickerAccept, queuePhotos, selectionProblem } from '../photos/queue-photos.ts';
import * as styles from './chat-screen.css.ts';

/** Enter sends (spec §2); Shift+Enter, and Enter while an input method is composing a word, make a new line. */
function sendOnEnter(event: React.KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

/**
 * Type and send, or attach photos (the camera or the library on a phone). Both are saved on this device at once and
 * sent when they can be: a photo goes through the upload queue, and its message shows it as soon as it is up.
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
    clearAtOnce: true,
  });

  async function sendPhotos(files: File[]) {
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
      <div className={styles.composerRow}>
        <label className={styles.attach} title="Send photos">
          <PhotosIcon size="1.5rem" />
          <span className={visuallyHidden}>Send photos</span>
          <input
            type="file"
            accept={photoPickerAccept}
            multiple
            className={formStyles.fileInput}
            onChange={(event) => {
              void sendPhotos([...(event.currentTarget.files ?? [])]);
              event.currentTarget.value = '';
            }}
          />
        </label>
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
