import type { ForgetDeviceRequest } from '../../../schema/sync.ts';
import { api } from '../../lib/api-client.ts';
import { deviceStorage } from '../../lib/device-storage.ts';
import { signOutUrl } from './account-urls.ts';

/**
 * Set when the device was wiped but the server could not be told (offline). Finished at the next start, or before
 * the next sign-in, whichever comes first: it is about the session that was signed out, never a later one.
 */
const signOutPendingKey = 'hearth-sign-out-pending';

/** Ends the server session; when offline, remembers to do it at the next start. */
export async function endServerSession(): Promise<void> {
  if (await tellServer()) deviceStorage.remove(signOutPendingKey);
  else deviceStorage.write(signOutPendingKey, '1');
}

/**
 * Tells the server the device's copy is gone, so it lets go of the device at once (housekeeping would after months).
 * Best effort: offline, or signed out already, it is left to housekeeping.
 */
export async function forgetDeviceOnServer(deviceId: string): Promise<void> {
  const request: ForgetDeviceRequest = { deviceId };
  await api.post('/api/sync/forget-device', request, { whenSignedOut: 'throw' }).catch(() => {});
}

/** At start-up: a sign-out made offline still has to end the session on the server. True while that is owed. */
export async function finishPendingSignOut(): Promise<boolean> {
  if (deviceStorage.read(signOutPendingKey) === null) return false;
  await endServerSession();
  return true;
}

/**
 * Before a sign-in starts: ends the signed-out session on the server if it can, and forgets that it was owed either
 * way, so the next start does not take the new session for the old one and end it.
 */
export async function settlePendingSignOut(): Promise<void> {
  if (deviceStorage.read(signOutPendingKey) === null) return;
  await tellServer();
  deviceStorage.remove(signOutPendingKey);
}

async function tellServer(): Promise<boolean> {
  try {
    // A POST: the address the spec navigates to (GET) refuses requests that come from other sites.
    await fetch(signOutUrl, { method: 'POST', credentials: 'include' });
    return true;
  } catch {
    return false;
  }
}
