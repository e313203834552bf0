import { useEffect, useRef, useState, type FormEvent } from 'react';
import { emailSignInUseBodySchema } from '../../../schema/account.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { accountApi } from './account-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import * as styles from './auth-layout.css.ts';
import { setSignedInUser } from './auth-store.ts';
import { toastWelcomeBack } from './welcome-toasts.ts';

const failed = { title: "Couldn't sign you in", description: 'Please try again in a moment.' };

type Step = { state: 'opening' } | { state: 'code' } | { state: 'closed'; reason: string };

/**
 * An emailed sign-in link (decision 0055), `/login#sign-in-link=<token>`: the token stays in the fragment, so it never
 * reaches a server log or a Referer. Opened on the device that asked for it, it signs in at once; on another, it asks
 * for the code that device showed. The guest layout takes the person home once signed in.
 */
export function SignInLinkScreen({ token, onAskAgain }: { token: string; onAskAgain: () => void }) {
  useDocumentTitle('Signing In');
  const [step, setStep] = useState<Step>({ state: 'opening' });
  const form = useFormFields({ code: '' });
  const [sending, setSending] = useState(false);
  const opened = useRef(false);

  async function open(code?: string) {
    try {
      const { user } = await accountApi.openSignInLink(code === undefined ? { token } : { token, code });
      toastWelcomeBack(user);
      setSignedInUser(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setStep({ state: 'code' });
      else if (error instanceof ApiError && error.status === 410) {
        setStep({ state: 'closed', reason: error.body?.error ?? 'This link no longer works.' });
      } else {
        toastRequestFailure(error, failed);
        setStep((current) => (current.state === 'opening' ? { state: 'code' } : current));
      }
    }
  }

  // Once per page: a second try of the same link would find it used.
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void open();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is tried once, when the page opens
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = form.validate(emailSignInUseBodySchema, { token, code: form.values.code.replace(/\s/g, '') });
    if (!body) return;
    setSending(true);
    await open(body.code);
    setSending(false);
  }

  if (step.state === 'opening') {
    return (
      <AuthLayout title="Signing you in" lead="One moment...">
        <p role="status" className={styles.text}>
          <Spinner /> Checking your link
        </p>
      </AuthLayout>
    );
  }

  if (step.state === 'closed') {
    return (
      <AuthLayout title="This link no longer works" lead={step.reason}>
        <p className={styles.footnote}>
          <button type="button" className={styles.inlineLink} onClick={onAskAgain}>
            Ask for a new link
          </button>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Type the code"
      lead="This link was asked for on another device. Type the 6 numbers that device shows, to sign in here."
    >
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={submit}>
        <TextField
          {...form.field('code')}
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
        />
        <Button type="submit" fullWidth disabled={sending}>
          {sending ? 'Signing in...' : 'Sign in here'}
        </Button>
      </form>
    </AuthLayout>
  );
}
