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
import { accountApi } from './account-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import * as styles from './auth-layout.css.ts';
import { setSignedInUser } from './auth-store.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { toastWelcomeBack } from './welcome-toasts.ts';

/**
 * Login (spec §2, §5). On success the user is stored as signed in; the guest layout then moves on at once, to
 * `returnTo` when it is a path on this site.
 */
export function LoginScreen() {
  useDocumentTitle('Log In');
  const search = useSearch({ from: '/_guest/login' });
  const form = useFormFields({ email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  useServerErrorNotice(search.error);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = form.validate(loginBodySchema, form.values);
    if (!body) return;
    setSubmitting(true);
    try {
      const { user } = await accountApi.login(body);
      toastWelcomeBack(user);
      setSignedInUser(user);
    } catch (error) {
      // A wrong email or password is the fallback's case: "Login Failed".
      toastRequestFailure(error, toasts.loginFailed);
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Welcome back" lead="Sign in to see what your family has been sharing.">
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={submit}>
        <TextField {...form.field('email')} {...emailInputProps} label="Email" />
        <TextField {...form.field('password')} label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" fullWidth disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className={styles.divider}>or</p>
      <GoogleSignInButton label="Continue with Google" returnTo={search.returnTo} />
      <p className={styles.footnote}>
        New to Hearth?{' '}
        <Link to="/signup" search={{ returnTo: search.returnTo }} className={styles.inlineLink}>
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
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
