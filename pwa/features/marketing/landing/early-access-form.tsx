import { useState, type FormEvent, type Ref } from 'react';
import { messages, toasts } from '../../../../schema/messages.ts';
import { emailInputProps, useFormFields } from '../../../lib/use-form-fields.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { publicFormFailure } from '../contact/public-form-failure.ts';
import { publicFormsApi } from '../public-forms-api.ts';
import * as styles from './landing-page.css.ts';

type EarlyAccessFormProps = {
  inputRef: Ref<HTMLInputElement>;
  /** Kept by the server: the page opens its Thank You! dialog. */
  onSignedUp: () => void;
};

/**
 * Stay Updated (product.md §4, §5): an email for early access, stored by the server. Kept, the field empties and the
 * page thanks the person; refused, the reason shows under the field; not sent, the address stays for another try.
 *
 * It sends the way use-public-form.ts does, written out here: the hook and its options would make the landing
 * page's first download bigger, and that is at its budget.
 */
export function EarlyAccessForm({ inputRef, onSignedUp }: EarlyAccessFormProps) {
  const form = useFormFields({ email: '' });
  const [sending, setSending] = useState(false);
  const [thanked, setThanked] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setThanked(false);
    if (!form.values.email.trim()) {
      form.showErrors({ email: messages.emailRequired });
      return;
    }
    setSending(true);
    try {
      // The shared rules come with the validation library, which the landing page only fetches when it is needed.
      const { earlyAccessBodySchema } = await import('../../../../schema/public-forms.ts');
      const body = form.validate(earlyAccessBodySchema, form.values);
      if (!body) return;
      await publicFormsApi.earlyAccess(body);
      form.reset();
      setThanked(true);
      onSignedUp();
    } catch (error) {
      if (!form.showServerErrors(error)) toast({ ...publicFormFailure(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={styles.formArea}>
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={submit}>
        <TextField
          {...form.field('email')}
          {...emailInputProps}
          ref={inputRef}
          label="Email address"
          className={styles.formField}
        />
        <Button type="submit" disabled={sending} className={styles.formButton}>
          {sending ? 'Sending...' : 'Notify Me'}
        </Button>
      </form>
      <p role="status" className={styles.thanks}>
        {thanked ? `${toasts.subscribed.title} ${toasts.subscribed.description}` : null}
      </p>
    </div>
  );
}
