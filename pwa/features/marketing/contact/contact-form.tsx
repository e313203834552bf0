import { legal } from '../../../../schema/limits.ts';
import { toasts } from '../../../../schema/messages.ts';
import { emailInputProps } from '../../../lib/use-form-fields.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { publicFormsApi } from '../public-forms-api.ts';
import { usePublicForm } from '../use-public-form.ts';
import { SendIcon } from './contact-icons.tsx';
import * as styles from './contact-screen.css.ts';
import { messageTypeOptions } from './message-types.ts';

/**
 * The message form (product.md §2, §5): five required fields checked with the shared schema, then stored by the server.
 * Sent, it says so and empties; refused or not sent, every word stays where it was typed.
 */
export function ContactForm({ titleId }: { titleId: string }) {
  const { form, sending, submit } = usePublicForm(
    { fullName: '', email: '', messageType: '', subject: '', message: '' },
    {
      schema: async () => (await import('../../../../schema/requests.ts')).contactMessageBodySchema,
      send: publicFormsApi.contact,
      onSent: () => toast(toasts.contactSent),
    },
  );

  return (
    <form ref={form.formRef} className={styles.form} noValidate aria-labelledby={titleId} onSubmit={submit}>
      <div className={styles.formRow}>
        <TextField {...form.field('fullName')} label="Full Name" autoComplete="name" />
        <TextField {...form.field('email')} {...emailInputProps} label="Email" />
      </div>
      <div className={styles.formRow}>
        <SelectField
          {...form.field('messageType')}
          label="Message Type"
          placeholder="Choose a type"
          options={messageTypeOptions}
        />
        <TextField {...form.field('subject')} label="Subject" />
      </div>
      <TextArea {...form.field('message')} label="Message" rows={6} />
      <div className={styles.formFooter}>
        <p className={styles.replyNote}>We typically reply within {legal.replyWithinHours} hours on business days.</p>
        <Button type="submit" disabled={sending} className={styles.submit}>
          <SendIcon size="1.15em" />
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
