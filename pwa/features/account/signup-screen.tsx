import { useState, type FormEvent } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { signupBodySchema } from '../../../schema/account.ts';
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
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { SignupCarousel } from './signup-carousel.tsx';
import { NameStep } from './name-step.tsx';
import { toastWelcomeToHearth } from './welcome-toasts.ts';

/** Signup (spec §2, §5). Server answers about a field (a taken email or username) appear under that field. */
export function SignupScreen() {
  useDocumentTitle('Sign Up');
  const { returnTo } = useSearch({ from: '/_guest/signup' });
  const form = useFormFields({ username: '', email: '', password: '', confirmPassword: '' });
  const [submitting, setSubmitting] = useState(false);
  // Signed up, naming themselves: the app opens (and the guest route sends them on) only when this step is done.
  const [newAccount, setNewAccount] = useState<User | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = form.validate(signupBodySchema, form.values);
    if (!body) return;
    setSubmitting(true);
    try {
      const { user } = await accountApi.signup(body);
      toastWelcomeToHearth();
      setNewAccount(user);
    } catch (error) {
      setSubmitting(false);
      const shownUnderFields = form.showServerErrors(error);
      // A taken email or username is fully explained under its field; anything else also gets a toast.
      const takenField = shownUnderFields && error instanceof ApiError && error.status === 409;
      if (!takenField) toastRequestFailure(error, toasts.signupFailed);
    }
  }

  if (newAccount) return <NameStep user={newAccount} onDone={setSignedInUser} />;

  return (
    <AuthLayout
      title="Create your account"
      lead="Join your family on Hearth. It only takes a minute."
      aside={<SignupCarousel />}
    >
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={submit}>
        <TextField
          {...form.field('username')}
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField {...form.field('email')} {...emailInputProps} label="Email" />
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
      <p className={styles.divider}>or</p>
      <GoogleSignInButton label="Sign up with Google" returnTo={returnTo} />
      <p className={styles.footnote}>
        Already have an account?{' '}
        <Link to="/login" search={{ returnTo }} className={styles.inlineLink}>
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
