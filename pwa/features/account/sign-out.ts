import { currentSignedInUser, forgetSignedInUser } from './auth-store.ts';
import { endServerSession, forgetDeviceOnServer } from './server-session.ts';

/**
 * Sign Out: shared family tablets are common, so the device forgets everything of this person (their database,
 * their chosen family, data caches and the signed-in copy), then the server ends the session. Writes that have not
 * reached the server would be lost, so the person is asked first, and asked again if another tab wrote something
 * while the question was open.
 */
export async function signOut(): Promise<void> {
  const user = currentSignedInUser();
  if (!user) return;
  const [hearthDb, { readDeviceId }, { leaveDevice }] = await Promise.all([
    import('../../db/hearth-db.ts'),
    import('../../sync/sync-state.ts'),
    import('../device-session/device-session.ts'),
  ]);
  const uncounted = (error: unknown) => {
    console.warn('Could not count the writes not sent yet', error);
    return null;
  };
  // Read from the database now: whatever a screen last counted may be out of date, or not loaded yet.
  const unsent = await hearthDb.countUnsentWrites(user.id).catch(uncounted);
  if (!agreesToLose(unsent)) return;
  // The question may have stayed open while another tab wrote: seal the database against any more writes, count
  // again in the same step, and ask about what is new.
  const db = hearthDb.openHearthDb(user.id);
  let deviceId: string | null = null;
  try {
    deviceId = await readDeviceId(db).catch(() => null);
    const sealed = await hearthDb.sealForSignOut(db).catch(uncounted);
    if (sealed !== null && unsent !== null && sealed > unsent && !agreesToLose(sealed)) {
      await hearthDb.unsealAfterSignOut(db);
      return;
    }
  } finally {
    db.close();
  }
  await leaveDevice(user.id);
  await import('../notifications/device-push.ts')
    .then(({ forgetPushOnThisDevice }) => forgetPushOnThisDevice())
    .catch((error: unknown) => console.warn('Could not unsubscribe from pushes', error));
  forgetSignedInUser();
  if (deviceId) await forgetDeviceOnServer(deviceId);
  await endServerSession();
  window.location.assign('/');
}

/** Whether the person agrees to lose what signing out would lose (nothing to lose needs no question). */
function agreesToLose(unsent: number | null): boolean {
  if (unsent === 0) return true;
  const lost =
    unsent === null
      ? 'Hearth could not check whether everything you wrote has reached your family. Anything not sent yet'
      : `${unsent === 1 ? '1 change has' : `${unsent} changes have`} not reached your family yet and`;
  return window.confirm(`${lost} will be lost if you sign out now. Sign out anyway?`);
}
