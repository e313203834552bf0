import type { AuthProviders } from '../../../schema/account.ts';
import { createExternalStore } from '../../lib/external-store.ts';
import { accountApi } from './account-api.ts';

/** Unknown until the server answers (or offline): screens then offer only what works everywhere. */
const store = createExternalStore<AuthProviders | null>(null);
let asked = false;

/**
 * The ways to sign in this server offers, asked once per page load: "Continue with Google" shows only where Google
 * is set up, and "Forgot password?" knows whether it can send an email.
 */
export function useAuthProviders(): AuthProviders | null {
  if (!asked) {
    asked = true;
    accountApi.providers().then(store.set, () => {
      // Asked again on the next screen that wants it.
      asked = false;
    });
  }
  return store.use();
}
