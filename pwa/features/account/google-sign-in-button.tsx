import { useState } from 'react';
import { toasts } from '../../../schema/messages.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';
import { Button } from '../../ui/button.tsx';
import { GoogleIcon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toast-store.ts';
import { accountApi } from './account-api.ts';
import { googleSignInUrl } from './account-urls.ts';
import { settlePendingSignOut } from './server-session.ts';

export function showGoogleUnavailable(): void {
  toast(toasts.googleUnavailable);
}

/**
 * Asks the server whether Google sign-in is set up before leaving the page, so on a server without it people get a
 * clear sentence instead of an error page.
 */
export function GoogleSignInButton({ label }: { label: string }) {
  const [checking, setChecking] = useState(false);

  async function startGoogleSignIn() {
    setChecking(true);
    try {
      const providers = await accountApi.providers();
      if (providers.google) {
        // As for a password sign-in (account-api.ts): the new session must not be taken for the signed-out one.
        await settlePendingSignOut();
        window.location.assign(googleSignInUrl);
        return;
      }
      showGoogleUnavailable();
    } catch (error) {
      toastRequestFailure(error, toasts.googleUnavailable);
    }
    setChecking(false);
  }

  return (
    <Button variant="secondary" fullWidth disabled={checking} onClick={startGoogleSignIn}>
      <GoogleIcon />
      {label}
    </Button>
  );
}
