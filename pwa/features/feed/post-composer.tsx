import { toasts } from '../../../schema/messages.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { TextArea } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { postRules } from './content-rules.ts';
import * as styles from './content-form.css.ts';
import { submitOnCtrlEnter } from './submit-on-ctrl-enter.ts';
import { useContentForm } from './use-content-form.ts';

/**
 * Share an update. The post is saved on this device at once and shows in the feed (marked "Waiting to send" until
 * the server has it), so writing works the same on a plane as at home.
 */
export function PostComposer({ familyId }: { familyId: string }) {
  const write = useLocalWrite();
  const form = useContentForm({
    rules: postRules,
    save: (content) => write('post.create', { postId: crypto.randomUUID(), familyId, content }),
    onSaved: () => toast(navigator.onLine ? toasts.postCreated : toasts.postSavedOffline),
    failure: toasts.postFailed,
  });

  return (
    <Card as="section" aria-label="Share an update" padding="md">
      <form ref={form.formRef} className={styles.form} onSubmit={form.submit} noValidate>
        <TextArea
          label="Share an update with your family"
          hideLabel
          placeholder="What's new? Share an update with your family…"
          rows={3}
          onKeyDown={submitOnCtrlEnter}
          {...form.field}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.blank || form.saving}>
            Share
          </Button>
        </div>
      </form>
    </Card>
  );
}
