import { useEffect, useRef } from 'react';
import { familyToasts } from '../../../schema/family-messages.ts';
import type { SyncedPost } from '../../../schema/sync.ts';
import { Button } from '../../ui/button.tsx';
import { formActions } from '../../ui/form-actions.css.ts';
import { TextArea } from '../../ui/text-field.tsx';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { postRules } from './content-rules.ts';
import * as styles from './content-form.css.ts';
import { submitOnCtrlEnter } from './submit-on-ctrl-enter.ts';
import { useContentForm } from './use-content-form.ts';

/**
 * The author's post, in place, ready to change. Saved on the device like any write (the card says "Waiting to
 * send" until the server has it), with the composer's rules.
 */
export function PostEditor({ post, onDone }: { post: SyncedPost; onDone: () => void }) {
  const write = useLocalWrite();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const form = useContentForm({
    initialContent: post.content,
    rules: postRules,
    // Saving what was already there changes nothing, and must not mark the post "Edited".
    save: async (content) =>
      content.trim() === post.content.trim()
        ? { saved: true }
        : write('post.update', { postId: post.id, familyId: post.familyId, content }),
    onSaved: onDone,
    failure: familyToasts.changeFailed,
  });
  const unchanged = form.content.trim() === post.content.trim();

  useEffect(() => {
    // The person asked to edit: the cursor waits after their last word.
    const field = fieldRef.current;
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, []);

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={form.submit} noValidate>
      <TextArea ref={fieldRef} label="Edit your post" rows={4} onKeyDown={submitOnCtrlEnter} {...form.field} />
      <div className={formActions}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.blank || unchanged || form.saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
