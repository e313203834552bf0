import { useId } from 'react';
import { toasts } from '../../../../schema/messages.ts';
import { emailInputProps } from '../../../lib/use-form-fields.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { publicFormsApi } from '../public-forms-api.ts';
import { usePublicForm } from '../use-public-form.ts';
import * as styles from './news-screen.css.ts';

/** The newsletter sign-up: an address, checked and sent like every public form; a failure keeps it. */
export function NewsletterForm() {
  const { form, sending, submit } = usePublicForm(
    { email: '' },
    {
      schema: async () => (await import('../../../../schema/public-forms.ts')).newsletterBodySchema,
      send: publicFormsApi.newsletter,
      onSent: () => toast(toasts.subscribed),
    },
  );
  const titleId = useId();

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
      <form ref={form.formRef} className={styles.newsletterForm} noValidate aria-labelledby={titleId} onSubmit={submit}>
        <TextField {...form.field('email')} {...emailInputProps} label="Email" placeholder="you@example.com" />
        <Button type="submit" disabled={sending} className={styles.subscribe}>
          {sending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
    </section>
  );
}
