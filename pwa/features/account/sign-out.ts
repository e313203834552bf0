import { syncStatusStore } from '../sync/sync-status-store.ts';
import { forgetSignedInUser } from './auth-store.ts';
import { endServerSession } from './server-session.ts';

/**
 * Sign Out: shared family tablets are common, so the device forgets everything of this person (their database,
 * data caches and the signed-in copy), then the server ends the session. Writes that have not reached the server
 * would be lost, so the person is asked first.
 */
export async function signOut(): Promise<void> {
  const { waiting, notSent } = syncStatusStore.get();
  const unsent = waiting + notSent;
  if (
    unsent > 0 &&
    !window.confirm(
      `${unsent === 1 ? '1 change has' : `${unsent} changes have`} not reached your family yet and will be lost if you sign out now. Sign out anyway?`,
    )
  ) {
    return;
  }
  const { endDeviceSession } = await import('../sync/device-session.ts');
  await endDeviceSession({ deleteData: true });
  await deleteDataCaches();
  forgetSignedInUser();
  await endServerSession();
  window.location.assign('/');
}

/** Every cache but the app's own files (the precache holds only the public build, the same for everyone). */
async function deleteDataCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)));
}
