import type { Passkey, PasskeySignUpBody } from '../../../schema/account.ts';
import type { User } from '../../../schema/entities.ts';
import { api } from '../../lib/api-client.ts';
import { settlePendingSignOut } from './server-session.ts';

/** The WebAuthn half comes in a chunk of its own, fetched only by the screens that use it (decision 0051). */
const webAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all. */
export function passkeysPossible(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Adds a passkey to the signed-in account: the device asks for the face, fingerprint or screen lock. */
export async function addPasskey(): Promise<Passkey> {
  const { startRegistration } = await webAuthn();
  const optionsJSON = await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/api/auth/passkeys/options',
  );
  const answer = await startRegistration({ optionsJSON });
  return api.post<Passkey>('/api/auth/passkeys', { answer });
}

/**
 * Signs in with a passkey. `autofill` offers the device's passkeys in the email field's suggestions (conditional UI)
 * and waits for the person to pick one; a button press asks at once.
 */
export async function signInWithPasskey({ autofill }: { autofill: boolean }): Promise<{ user: User }> {
  const { startAuthentication, browserSupportsWebAuthnAutofill } = await webAuthn();
  if (autofill && !(await browserSupportsWebAuthnAutofill())) throw new PasskeyNotOffered();
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkeys/sign-in/options',
  );
  const answer = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  // As for a password sign-in (account-api.ts): the new session must not be taken for the signed-out one.
  await settlePendingSignOut();
  return api.post<{ user: User }>('/api/auth/passkeys/sign-in', { answer });
}

/**
 * Makes an invited person's account with a passkey alone (decision 0055): the device makes the passkey, the server
 * the account, signed in here.
 */
export async function signUpWithPasskey(body: PasskeySignUpBody): Promise<{ user: User }> {
  const { startRegistration } = await webAuthn();
  await settlePendingSignOut();
  const optionsJSON = await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/api/auth/passkeys/sign-up/options',
    body,
  );
  const answer = await startRegistration({ optionsJSON });
  return api.post<{ user: User }>('/api/auth/passkeys/sign-up', { answer });
}

/** A fresh sign-in with one of the signed-in person's own passkeys, as deleting an account without a password asks. */
export async function confirmWithPasskey(): Promise<void> {
  const { startAuthentication } = await webAuthn();
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkeys/confirm/options',
  );
  const answer = await startAuthentication({ optionsJSON });
  await api.post<void>('/api/auth/passkeys/confirm', { answer });
}

/** Stops waiting for an autofill pick, when the login screen goes. */
export async function stopPasskeyAutofill(): Promise<void> {
  (await webAuthn()).WebAuthnAbortService.cancelCeremony();
}

/** This browser does not offer passkeys in autofill: nothing to wait for. */
export class PasskeyNotOffered extends Error {
  override name = 'PasskeyNotOffered';
}

export const passkeyApi = {
  list: () => api.get<Passkey[]>('/api/auth/passkeys'),
  remove: (id: string) => api.delete<void>(`/api/auth/passkeys/${encodeURIComponent(id)}`),
};
