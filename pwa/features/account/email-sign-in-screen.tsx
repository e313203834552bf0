import { emailSignInBodySchema, signInLinkMinutes } from '../../../schema/account.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { accountApi } from './account-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import * as styles from './auth-layout.css.ts';
import { useAuthProviders } from './auth-providers.ts';
import { EmailLinkForm, useEmailLinkRequest } from './email-link-request.tsx';

/**
 * "Email me a link" (decision 0055), shown in place by the login screen: a one-time link that signs in the device
 * that opens it. This page keeps a code for the case the email is opened on another device; the answer never says
 * whether the address has an account.
 */
export function EmailSignInScreen({ typedEmail, onBack }: { typedEmail: string; onBack: () => void }) {
  useDocumentTitle('Email Me a Link');
  const providers = useAuthProviders();
  const request = useEmailLinkRequest(emailSignInBodySchema, accountApi.emailSignInLink, typedEmail);
  const { sent } = request;

  const backToLogin = (
    <p className={styles.footnote}>
      <button type="button" className={styles.inlineLink} onClick={onBack}>
        Back to sign in
      </button>
    </p>
  );

  if (sent) {
    return (
      <AuthLayout title="Check your email" lead={`If a Hearth account uses ${sent.email}, a link is on its way to it.`}>
        <p className={styles.text}>
          Open it on this device within {signInLinkMinutes} minutes and you're signed in. It works once. Nothing there?
          Look in the spam folder, or ask again in a few minutes.
        </p>
        <p className={styles.text}>Opening it on another device? It will ask for this code:</p>
        <p className={styles.code} aria-label={`Code ${sent.answer.code.split('').join(' ')}`}>
          {sent.answer.code.slice(0, 3)} {sent.answer.code.slice(3)}
        </p>
        {backToLogin}
      </AuthLayout>
    );
  }

  if (providers && !providers.email) {
    return (
      <AuthLayout title="Sign in with a link" lead="This Hearth can't send email.">
        <p className={styles.text}>Sign in with your password or a passkey instead.</p>
        {backToLogin}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in with a link" lead="We'll email you a link that signs you in, no password needed.">
      <EmailLinkForm request={request} ready={Boolean(providers)} />
      {backToLogin}
    </AuthLayout>
  );
}
