import { currentSignedInUser, forgetSignedInUser } from './auth-store.ts';
import { endServerSession } from './server-session.ts';

/**
 * Sign Out: shared family tablets are common, so the device forgets everything of this person (their database,
 * their chosen family, data caches and the signed-in copy), then the server ends the session. Writes that have not
 * reached the server would be lost, so the person is asked first, and asked again if another tab wrote something
 * while the question was open.
 */
export async function signOut(): Promise<void> {
  const user = currentSignedInUser();
  if (!user) return;
  const [hearthDb, { signOutOfDevice }, { forgetSelectedFamily }] = await Promise.all([
    import('../../db/hearth-db.ts'),
    import('../sync/device-session.ts'),
    import('../family/selected-family.ts'),
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
  try {
    const sealed = await hearthDb.sealForSignOut(db).catch(uncounted);
    if (sealed !== null && unsent !== null && sealed > unsent && !agreesToLose(sealed)) {
      await hearthDb.unsealAfterSignOut(db);
      return;
    }
  } finally {
    db.close();
  }
  await signOutOfDevice(user.id);
  forgetSelectedFamily(user.id);
  await deleteDataCaches();
  forgetSignedInUser();
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

/** Every cache but the app's own files (the precache holds only the public build, the same for everyone). */
async function deleteDataCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)));
}
