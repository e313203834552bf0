import { useState, type FormEvent } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { passkeySignUpBodySchema, signupBodySchema } from '../../../schema/account.ts';
import type { User } from '../../../schema/entities.ts';
import { toasts } from '../../../schema/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { emailInputProps, useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { accountApi } from './account-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import * as styles from './auth-layout.css.ts';
import { setSignedInUser } from './auth-store.ts';
import { GoogleSignIn } from './google-sign-in-button.tsx';
import { SignupCarousel } from './signup-carousel.tsx';
import { NameStep } from './name-step.tsx';
import { PasskeyOffer } from './passkey-offer.tsx';
import { passkeysPossible, signUpWithPasskey } from './passkeys.ts';
import { toastWelcomeToHearth } from './welcome-toasts.ts';

/** The invitation a sign-up comes from, when it goes on to a join page. */
const invitationOf = (returnTo: string | undefined) => /^\/join\/([A-Za-z0-9_-]{43})$/.exec(returnTo ?? '')?.[1];

/**
 * Signup (product.md §2, §5). Server answers about a field (a taken email) appear under that field. Someone invited
 * can make the account with a passkey alone (decision 0055), and is offered that first.
 */
export function SignupScreen() {
  useDocumentTitle('Sign Up');
  const { returnTo } = useSearch({ from: '/_guest/signup' });
  const invitationToken = invitationOf(returnTo);
  const [withPasskey, setWithPasskey] = useState(() => invitationToken !== undefined && passkeysPossible());
  // No username to invent: the server derives a handle from the email, and the next step asks the real name.
  const form = useFormFields({ email: '', password: '', confirmPassword: '' });
  const [submitting, setSubmitting] = useState(false);
  // Signed up, naming themselves: the app opens (and the guest route sends them on) only when this step is done.
  const [newAccount, setNewAccount] = useState<User | null>(null);
  // Named too: a passkey is offered before the app opens, unless the account was made with one.
  const [named, setNamed] = useState<User | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = withPasskey
      ? form.validate(passkeySignUpBodySchema, { email: form.values.email, invitationToken })
      : form.validate(signupBodySchema, form.values);
    if (!body) return;
    setSubmitting(true);
    try {
      const { user } =
        'invitationToken' in body ? await signUpWithPasskey(body) : await accountApi.signup(body);
      toastWelcomeToHearth();
      setNewAccount(user);
    } catch (error) {
      // Closing the device's prompt is a choice: the form stays, to try again or use a password.
      if (error instanceof Error && error.name === 'NotAllowedError') {
        setSubmitting(false);
        return;
      }
      setSubmitting(false);
      const shownUnderFields = form.showServerErrors(error);
      // A taken email is fully explained under its field; anything else also gets a toast.
      const takenField = shownUnderFields && error instanceof ApiError && error.status === 409;
      if (!takenField) toastRequestFailure(error, toasts.signupFailed);
    }
  }

  if (named) return <PasskeyOffer onDone={() => setSignedInUser(named)} />;
  if (newAccount) {
    return (
      <NameStep
        user={newAccount}
        onDone={(user) => (passkeysPossible() && !withPasskey ? setNamed(user) : setSignedInUser(user))}
      />
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      lead="Join your family on Hearth. It only takes a minute."
      aside={<SignupCarousel />}
    >
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={submit}>
        <TextField {...form.field('email')} {...emailInputProps} label="Email" />
        {withPasskey ? (
          <>
            <p className={styles.text}>
              No password to remember: this device will ask for your face, fingerprint or screen lock.
            </p>
            <Button type="submit" fullWidth disabled={submitting}>
              {submitting ? 'Creating account...' : 'Create Account with a Passkey'}
            </Button>
            <Button variant="ghost" fullWidth disabled={submitting} onClick={() => setWithPasskey(false)}>
              Use a password instead
            </Button>
          </>
        ) : (
          <>
            <TextField {...form.field('password')} label="Password" type="password" autoComplete="new-password" />
            <TextField
              {...form.field('confirmPassword')}
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" fullWidth disabled={submitting}>
              {submitting ? 'Creating account...' : 'Create Account'}
            </Button>
          </>
        )}
        <p className={styles.small}>
          By creating an account you agree to Hearth's{' '}
          <Link to="/terms" className={styles.inlineLink}>
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className={styles.inlineLink}>
            Privacy Policy
          </Link>
          .
        </p>
      </form>
      <GoogleSignIn label="Sign up with Google" returnTo={returnTo} />
      <p className={styles.footnote}>
        Already have an account?{' '}
        <Link to="/login" search={{ returnTo }} className={styles.inlineLink}>
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
