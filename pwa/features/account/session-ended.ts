import { deviceStorage } from '../../lib/device-storage.ts';
import { subscribeToSessionEnded } from './auth-store.ts';
import { rememberKeptWrites } from './kept-writes.ts';

/**
 * However a session ends (Sign Out, `/api/logout` opened in the address bar, a session that expired or was ended
 * from another device), the device does not keep the person's data: product.md promises a shared tablet keeps nothing
 * of whoever used it. Only what has not reached the family yet stays, for its person, and they are told at their
 * next sign-in that it is on its way (kept-writes.ts).
 */

/** Whose data is still to leave the device after their session ended; read at every start. */
const leavingDeviceKey = 'hearth-session-ended';

/**
 * From the page's start: whenever the signed-in person's session is found over, their data leaves the device; and
 * what a tab closed half-way through leaving left behind is finished now. The code that deletes is loaded only then.
 */
export function leaveDeviceWhenSessionsEnd(): void {
  subscribeToSessionEnded((userId) => void leaveDeviceAfterSessionEnded(userId));
  const leaving = deviceStorage.read(leavingDeviceKey);
  if (leaving) void leaveDeviceAfterSessionEnded(leaving);
}

/** Set first, so a tab closed half-way finishes at the next start. */
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
    rememberKeptWrites(userId, unsent);
  }
  deviceStorage.remove(leavingDeviceKey);
}
