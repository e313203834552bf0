import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { loginBodySchema } from '../../../schema/account.ts';
import { toasts } from '../../../schema/messages.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { emailInputProps, useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import type { User } from '../../../schema/entities.ts';
import { ApiError } from '../../lib/api-client.ts';
import { accountApi } from './account-api.ts';
import { passkeysPossible, signInWithPasskey, stopPasskeyAutofill } from './passkeys.ts';
import { AuthLayout } from './auth-layout.tsx';
import * as styles from './auth-layout.css.ts';
import { setSignedInUser } from './auth-store.ts';
import { useAuthProviders } from './auth-providers.ts';
import { EmailSignInScreen } from './email-sign-in-screen.tsx';
import { SignInLinkScreen } from './sign-in-link-screen.tsx';
import { GoogleSignIn } from './google-sign-in-button.tsx';
import { toastWelcomeBack } from './welcome-toasts.ts';

/**
 * Login (product.md §2, §5). On success the user is stored as signed in; the guest layout then moves on at once, to
 * `returnTo` when it is a path on this site.
 */
export function LoginScreen() {
  const [linkToken, setLinkToken] = useState(signInLinkToken);
  // The address typed before asking for a link, so it need not be typed twice; undefined on the password screen.
  const [byEmail, setByEmail] = useState<string | undefined>(undefined);
  // A link opened in a tab already on the login screen changes only the fragment: no new page, no new state.
  useEffect(() => {
    const followLink = () => {
      const token = signInLinkToken();
      if (token) setLinkToken(token);
    };
    window.addEventListener('hashchange', followLink);
    return () => window.removeEventListener('hashchange', followLink);
  }, []);
  const askForLink = (typedEmail = '') => {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    setLinkToken(undefined);
    setByEmail(typedEmail);
  };
  if (linkToken) return <SignInLinkScreen token={linkToken} onAskAgain={() => askForLink()} />;
  if (byEmail !== undefined) return <EmailSignInScreen typedEmail={byEmail} onBack={() => setByEmail(undefined)} />;
  return <PasswordLogin onEmailLink={askForLink} />;
}

/** An emailed sign-in link opens this screen with its token in the fragment (decision 0055). */
const signInLinkToken = () => /^#sign-in-link=([A-Za-z0-9_-]{43})$/.exec(window.location.hash)?.[1];

function PasswordLogin({ onEmailLink }: { onEmailLink: (typedEmail: string) => void }) {
  useDocumentTitle('Log In');
  const search = useSearch({ from: '/_guest/login' });
  const form = useFormFields({ email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  useServerErrorNotice(search.error);
  const passkey = usePasskeySignIn();
  // Where email is configured, a sign-in link needs no password at all (decision 0055).
  const providers = useAuthProviders();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = form.validate(loginBodySchema, form.values);
    if (!body) return;
    setSubmitting(true);
    try {
      welcome((await accountApi.login(body)).user);
    } catch (error) {
      // A wrong email or password is the fallback's case: "Login Failed".
      toastRequestFailure(error, toasts.loginFailed);
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Welcome back" lead="Sign in to see what your family has been sharing.">
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={submit}>
        {/* "webauthn" lets the browser offer this device's passkeys among the email suggestions. */}
        <TextField {...form.field('email')} {...emailInputProps} autoComplete="email webauthn" label="Email" />
        <TextField {...form.field('password')} label="Password" type="password" autoComplete="current-password" />
        <Link
          to="/forgot-password"
          state={{ typedEmail: form.values.email.trim() }}
          className={[styles.inlineLink, styles.besideField].join(' ')}
        >
          Forgot password?
        </Link>
        <Button type="submit" fullWidth disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
        {passkey.possible ? (
          <Button variant="secondary" fullWidth disabled={passkey.busy} onClick={() => void passkey.signIn()}>
            Use a passkey
          </Button>
        ) : null}
        {providers?.email ? (
          <Button variant="ghost" fullWidth onClick={() => onEmailLink(form.values.email.trim())}>
            Email me a link
          </Button>
        ) : null}
      </form>
      <GoogleSignIn label="Continue with Google" returnTo={search.returnTo} />
      <p className={styles.footnote}>
        New to Hearth?{' '}
        <Link to="/signup" search={{ returnTo: search.returnTo }} className={styles.inlineLink}>
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}

/** A sign-in that worked, however it was made. */
function welcome(user: User) {
  toastWelcomeBack(user);
  setSignedInUser(user);
}

/**
 * Passkeys on the login screen (decision 0051): offered in the email field's suggestions from the start, and by a
 * button. The WebAuthn code is fetched only here, after the screen shows.
 */
function usePasskeySignIn() {
  const possible = passkeysPossible();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!possible) return;
    let active = true;
    signInWithPasskey({ autofill: true }).then(
      ({ user }) => active && welcome(user),
      (error: unknown) => {
        // Not offered, dismissed, or replaced by the button: nothing to say. A refusal from the server is.
        if (active && error instanceof ApiError) toastRequestFailure(error, toasts.passkeyFailed);
      },
    );
    return () => {
      active = false;
      void stopPasskeyAutofill();
    };
  }, [possible]);

  async function signIn() {
    setBusy(true);
    try {
      welcome((await signInWithPasskey({ autofill: false })).user);
    } catch (error) {
      // Closing the device's prompt is a choice, not a failure.
      if (!(error instanceof Error && error.name === 'NotAllowedError')) toastRequestFailure(error, toasts.passkeyFailed);
      setBusy(false);
    }
  }

  return { possible, busy, signIn };
}

/** What the server means when it sends someone back here with `?error=…` after a sign-in it could not complete. */
const serverErrorToasts: Record<string, { title: string; description: string; variant?: 'destructive' }> = {
  google_unavailable: toasts.googleUnavailable,
  google_failed: { ...toasts.googleFailed, variant: 'destructive' },
  google_not_linked: {
    title: 'Google is unlinked from this account',
    description: 'You unlinked Google from the Hearth account with this email. Sign in with your password.',
    variant: 'destructive',
  },
};

/** Says once why the person is back on this screen, then drops `?error=` so a reload does not say it again. */
function useServerErrorNotice(error: string | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    const notice = error ? serverErrorToasts[error] : undefined;
    if (!notice) return;
    toast(notice);
    void navigate({ to: '/login', search: ({ error: _shown, ...rest }) => rest, replace: true });
  }, [error, navigate]);
}
