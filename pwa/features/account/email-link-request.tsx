import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';
import { emailInputProps, useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import * as styles from './auth-layout.css.ts';

const failed = { title: "Couldn't send the link", description: 'Please try again in a moment.' };

/**
 * Asking for a one-time link by email (a sign-in link, decision 0055; a password reset link, decision 0044): the
 * address checked with the body's shared schema, `ask`ed for, and once it went, the address with the server's answer.
 * `typedEmail`: what the person had already typed on the sign-in screen, so they need not type it twice.
 */
export function useEmailLinkRequest<Answer>(
  bodySchema: z.ZodType<{ email: string }>,
  ask: (email: string) => Promise<Answer>,
  typedEmail = '',
) {
  const form = useFormFields({ email: typedEmail });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ email: string; answer: Answer } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = form.validate(bodySchema, form.values);
    if (!body) return;
    setSending(true);
    try {
      setSent({ email: body.email, answer: await ask(body.email) });
    } catch (error) {
      if (!(error instanceof ApiError && form.showServerErrors(error))) toastRequestFailure(error, failed);
    } finally {
      setSending(false);
    }
  }

  return { form, sending, sent, submit };
}

/** The address and "Email me a link"; waits while it sends, or until the server said whether it can send email. */
export function EmailLinkForm({
  request,
  ready,
}: {
  request: ReturnType<typeof useEmailLinkRequest<unknown>>;
  ready: boolean;
}) {
  const { form, sending, submit } = request;
  return (
    <form ref={form.formRef} className={styles.form} noValidate onSubmit={submit}>
      <TextField {...form.field('email')} {...emailInputProps} label="Email" />
      <Button type="submit" fullWidth disabled={sending || !ready}>
        {sending ? 'Sending...' : 'Email me a link'}
      </Button>
    </form>
  );
}
