import { useId, useState, type FormEvent } from 'react';
import { toasts } from '../../../../schema/messages.ts';
import { emailInputProps, useFormFields } from '../../../lib/use-form-fields.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { publicFormFailure } from '../contact/public-form-failure.ts';
import { publicFormsApi } from '../public-forms-api.ts';
import * as styles from './news-screen.css.ts';

/**
 * The newsletter sign-up. The shared schema is fetched only when someone subscribes, so reading the news never
 * downloads the validation library; the same messages then show under the field. A failure keeps the address.
 */
export function NewsletterForm() {
  const form = useFormFields({ email: '' });
  const [sending, setSending] = useState(false);
  const titleId = useId();

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      const { newsletterBodySchema } = await import('../../../../schema/public-forms.ts');
      const body = form.validate(newsletterBodySchema, form.values);
      if (!body) return;
      await publicFormsApi.newsletter(body);
      form.reset();
      toast(toasts.subscribed);
    } catch (error) {
      if (!form.showServerErrors(error)) toast({ ...publicFormFailure(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className={styles.newsletter}>
      <div className={styles.newsletterText}>
        <h2 id={titleId} className={styles.sectionTitle}>
          Stay in the loop
        </h2>
        <p className={styles.sectionLead}>
          New articles, tutorials and app news, about once a month. No spam, and never shared with anyone.
        </p>
      </div>
      <form ref={form.formRef} className={styles.newsletterForm} noValidate aria-labelledby={titleId} onSubmit={subscribe}>
        <TextField {...form.field('email')} {...emailInputProps} label="Email" placeholder="you@example.com" />
        <Button type="submit" disabled={sending} className={styles.subscribe}>
          {sending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
    </section>
  );
}
