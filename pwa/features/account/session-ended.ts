import { deviceStorage } from '../../lib/device-storage.ts';
import { toast } from '../../ui/toast-store.ts';
import { leavingDeviceKey } from './auth-store.ts';

/**
 * However a session ends (Sign Out, `/api/logout` opened in the address bar, a session that expired or was ended
 * from another device), the device does not keep the person's data: product.md promises a shared tablet keeps nothing
 * of whoever used it. Only what has not reached the family yet stays, for its person, and they are told at their
 * next sign-in that it is on its way.
 */

/** Per person: how many writes were kept when their session ended, for the welcome back. */
const keptWritesKey = (userId: string) => `hearth-kept-writes-${userId}`;

/** Set first, so a tab closed half-way finishes at the next start (auth-store.ts). */
export async function leaveDeviceAfterSessionEnded(userId: string): Promise<void> {
  deviceStorage.write(leavingDeviceKey, userId);
  const [{ countUnsentWrites }, { leaveDevice }] = await Promise.all([
    import('../../db/hearth-db.ts'),
    import('../device-session/device-session.ts'),
  ]);
  // A database that cannot be read is kept: it may hold writes (made by a newer Hearth, say).
  const unsent = await countUnsentWrites(userId).catch(() => null);
  if (unsent === 0) {
    await leaveDevice(userId);
  } else {
    deviceStorage.write(keptWritesKey(userId), String(unsent ?? ''));
  }
  deviceStorage.remove(leavingDeviceKey);
}

/** At sign-in: what was kept when the person's last session ended is being sent now; say so, once. */
export function tellAboutKeptWrites(userId: string): void {
  const kept = deviceStorage.read(keptWritesKey(userId));
  if (kept === null) return;
  deviceStorage.remove(keptWritesKey(userId));
  toast(keptWritesToast(Number(kept) || null));
}

/**
 * Said here rather than with the other toasts in schema/messages.ts, which every page loads: this one is only ever
 * needed at a sign-in after a session ended with writes not sent.
 */
function keptWritesToast(count: number | null) {
  const one = count === 1;
  return {
    title: 'Your changes are on their way',
    description: `${one ? 'A change' : count ? `${count} changes` : 'Changes'} you made before you were signed out ${one ? 'was' : 'were'} kept on this device and ${one ? 'is' : 'are'} being sent to your family now.`,
  };
}
