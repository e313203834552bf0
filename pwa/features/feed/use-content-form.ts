import { useRef, useState } from 'react';
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
  /**
   * A chat's way: the field empties the moment the person sends, so they can type the next message at once; the
   * saves run one after another in the order sent, and a text the device could not save comes back to the field.
   */
  clearAtOnce?: boolean;
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
  clearAtOnce = false,
}: ContentFormOptions) {
  const form = useFormFields({ content: initialContent });
  const [saving, setSaving] = useState(false);
  const saves = useRef(Promise.resolve());
  // What the field holds now, for a save that ends after the person typed on.
  const formContent = useRef(form.values.content);
  formContent.current = form.values.content;
  const { blank, error } = checkContent(form.values.content, rules);

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
    if (blank || (saving && !clearAtOnce)) return;
    if (error) return form.showErrors({ content: error });
    const content = form.values.content;
    if (clearAtOnce) {
      form.reset();
      const saving = saves.current.then(() => saveText(content));
      saves.current = saving.then(() => undefined);
      const outcome = await saving;
      if (outcome.saved) return onSaved();
      // Back where it was written, before anything the person has started typing since.
      form.set('content', formContent.current ? `${content}\n${formContent.current}` : content);
      return form.showErrors(outcome.fieldErrors);
    }
    setSaving(true);
    const outcome = await saveText(content);
    setSaving(false);
    if (!outcome.saved) return form.showErrors(outcome.fieldErrors);
    onSaved();
    // Words typed while it was being saved stay for the next one.
    if (formContent.current === content) form.reset();
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
