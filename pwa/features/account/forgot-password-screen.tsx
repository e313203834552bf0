import { Link, useRouterState } from '@tanstack/react-router';
import { passwordResetEmailBodySchema, resetLinkLifetimes } from '../../../schema/account.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { accountApi } from './account-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import * as styles from './auth-layout.css.ts';
import { useAuthProviders } from './auth-providers.ts';
import { EmailLinkForm, useEmailLinkRequest } from './email-link-request.tsx';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The address typed on the sign-in screen before "Forgot password?" was tapped. */
    typedEmail?: string;
  }
}

/**
 * "Forgot password?" (decision 0044): where the server can send email, a one-time link to the address; where it
 * cannot, who can make one instead. The answer never says whether the address has an account.
 */
export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot Password');
  const providers = useAuthProviders();
  const typedEmail = useRouterState({ select: (state) => state.location.state.typedEmail });
  const request = useEmailLinkRequest(passwordResetEmailBodySchema, accountApi.emailResetLink, typedEmail);

  const backToLogin = (
    <p className={styles.footnote}>
      <Link to="/login" className={styles.inlineLink}>
        Back to sign in
      </Link>
    </p>
  );

  const { sent } = request;
  if (sent) {
    return (
      <AuthLayout title="Check your email" lead={`If a Hearth account uses ${sent.email}, a link is on its way to it.`}>
        <p className={styles.text}>
          Open the link within {resetLinkLifetimes.emailedMinutes} minutes to choose a new password. It works once.
          Nothing there? Look in the spam folder, or ask again in a few minutes.
        </p>
        {backToLogin}
      </AuthLayout>
    );
  }

  if (providers && !providers.email) {
    return (
      <AuthLayout title="Forgot your password?" lead="This Hearth can't send email, but your family can help.">
        <p className={styles.text}>
          Ask someone who looks after your family on Hearth (a family admin) to open the <strong>Family Tree</strong>,
          choose <strong>Manage</strong> beside your name and make you a password reset link. Open it on this device
          to choose a new password.
        </p>
        {backToLogin}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" lead="We'll email you a link to choose a new one.">
      <EmailLinkForm request={request} ready={Boolean(providers)} />
      {backToLogin}
    </AuthLayout>
  );
}
