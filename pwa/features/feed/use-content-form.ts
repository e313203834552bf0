import { useState } from 'react';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { toast, type ToastOptions } from '../../ui/toast-store.ts';
import type { WriteOutcome } from '../device-session/write-from-screen.ts';
import { checkContent, type ContentRules } from './content-rules.ts';

type ContentFormOptions = {
  initialContent?: string;
  rules: ContentRules;
  /** Saves the text on the device (a local write): saved, or the shared schema's message per field. */
  save: (content: string) => Promise<WriteOutcome>;
  onSaved: () => void;
  /** Said when the device could not save at all (storage full or blocked); the text stays to try again. */
  failure: ToastOptions;
};

/**
 * One text area's worth of writing (a post, an edit, a comment): blank text cannot be sent, too much text is said
 * while typing and stops the sending, and the schema's own messages show under the field if it still refuses.
 */
export function useContentForm({ initialContent = '', rules, save, onSaved, failure }: ContentFormOptions) {
  const form = useFormFields({ content: initialContent });
  const [saving, setSaving] = useState(false);
  const { blank, error } = checkContent(form.values.content, rules);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // Ctrl+Enter submits past a disabled button, so its conditions are checked here as well.
    if (saving || blank) return;
    if (error) return form.showErrors({ content: error });
    setSaving(true);
    try {
      const outcome = await save(form.values.content);
      if (!outcome.saved) return form.showErrors(outcome.fieldErrors);
      form.reset();
      onSaved();
    } catch (failed) {
      console.error('Could not save the text on this device', failed);
      toast({ ...failure, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return {
    formRef: form.formRef,
    content: form.values.content,
    field: { ...form.field('content'), error: error ?? form.errors.content },
    blank,
    saving,
    submit,
  };
}
