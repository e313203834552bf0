import { useState } from 'react';
import { toasts } from '../../../schema/messages.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { TextArea } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useLocalWrite } from '../sync/use-local-write.ts';
import * as styles from './post-composer.css.ts';

/**
 * Share an update. The post is saved on this device at once and shows in the feed (marked "Waiting to send" until
 * the server has it), so writing works the same on a plane as at home.
 */
export function PostComposer({ familyId }: { familyId: string }) {
  const write = useLocalWrite();
  const form = useFormFields({ content: '' });
  const [sending, setSending] = useState(false);
  const empty = form.values.content.trim() === '';

  async function share(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      const outcome = await write('post.create', { postId: crypto.randomUUID(), familyId, content: form.values.content });
      if (!outcome.saved) return form.showErrors(outcome.fieldErrors);
      form.reset();
      toast(navigator.onLine ? toasts.postCreated : toasts.postSavedOffline);
    } catch (error) {
      console.error('Could not save the post on this device', error);
      toast({ ...toasts.postFailed, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card as="section" aria-label="Share an update" padding="md">
      <form ref={form.formRef} className={styles.form} onSubmit={share} noValidate>
        <TextArea
          label="Share an update with your family"
          hideLabel
          placeholder="What's new? Share an update with your family…"
          rows={3}
          {...form.field('content')}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={empty || sending}>
            Share
          </Button>
        </div>
      </form>
    </Card>
  );
}
