import { useEffect, useRef, useState } from 'react';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { toast, type ToastOptions } from '../../ui/toast-store.ts';
import { prepareLocalWrite } from '../device-session/use-local-write.ts';
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
export function useContentForm({
  initialContent = '',
  rules,
  save,
  onSaved,
  failure,
}: ContentFormOptions) {
  const form = useFormFields({ content: initialContent });
  const [saving, setSaving] = useState(false);
  // What the field holds now, for a save that ends after the person typed on.
  const formContent = useRef(form.values.content);
  formContent.current = form.values.content;
  const { blank, error } = checkContent(form.values.content, rules);
  // Sent again (Enter) while the last text was still being saved: it goes as soon as that one is kept.
  const savingNow = useRef(false);
  const sendWhenSaved = useRef(false);
  const [sendNext, setSendNext] = useState(0);
  useEffect(() => {
    // After the render that emptied the field of the saved text, so this submit reads what is left in it.
    if (sendNext > 0) form.formRef.current?.requestSubmit();
  }, [sendNext, form.formRef]);

  /** Saves one text: saved, or the schema's messages (none when the device itself failed, which a toast says). */
  async function saveText(content: string): Promise<WriteOutcome> {
    try {
      return await save(content);
    } catch (failed) {
      console.error('Could not save the text on this device', failed);
      toast({ ...failure, variant: 'destructive' });
      return { saved: false, fieldErrors: {} };
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // Enter and Ctrl+Enter submit past a disabled button, so its conditions are checked here as well.
    if (savingNow.current) {
      sendWhenSaved.current = true;
      return;
    }
    if (blank) return;
    if (error) return form.showErrors({ content: error });
    const content = form.values.content;
    // The field empties only once the write is in the device's database: emptied before, a reload or a closed tab
    // in between lost a text the person had seen leave (docs/decisions/0030-a-write-shown-is-a-write-kept.md).
    savingNow.current = true;
    setSaving(true);
    const outcome = await saveText(content);
    savingNow.current = false;
    setSaving(false);
    const sendAgain = sendWhenSaved.current;
    sendWhenSaved.current = false;
    if (!outcome.saved) return form.showErrors(outcome.fieldErrors);
    onSaved();
    // Words typed while it was being saved stay for the next one; the saved text leaves the field.
    const now = formContent.current;
    if (now === content) form.reset();
    else form.set('content', now.startsWith(content) ? now.slice(content.length).trimStart() : now);
    if (sendAgain) setSendNext((count) => count + 1);
  }

  return {
    formRef: form.formRef,
    content: form.values.content,
    field: { ...form.field('content'), error: error ?? form.errors.content, onFocus: prepareLocalWrite },
    blank,
    saving,
    submit,
  };
}
