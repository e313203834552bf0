import { liveQuery } from 'dexie';
import type { User } from '../../../schema/entities.ts';
import { toasts } from '../../../schema/messages.ts';
import { deleteHearthDbsAtSignOut, openHearthDb, unsealAfterSignOut, type HearthDb } from '../../db/hearth-db.ts';
import { runSync, type SyncSession } from '../../sync/run-sync.ts';
import { isFirstPullDone, storeSignedInUser, wroteAnything } from '../../sync/sync-state.ts';
import { markUpdateRequired } from '../../sw/app-update-store.ts';
import { serviceWorkerMayRegister } from '../../sw/registration-gate.ts';
import { toast } from '../../ui/toast-store.ts';
import { recheckSignedInUser } from '../account/auth-store.ts';
import { tellAboutKeptWrites } from '../account/kept-writes.ts';
import { forgetSelectedFamily } from '../family/selected-family.ts';
import { deviceSessionStore } from './device-session-store.ts';
import { noSessionStatus, syncStatusStore, type SyncStatus } from './sync-status-store.ts';

/**
 * The signed-in person's device session: their database open, the sync engine running (in one tab), and what the
 * indicator and toasts need to know about it. Loaded only once someone is signed in.
 */

type Running = { userId: string; session: SyncSession; cleanups: (() => void)[] };

let running: Running | null = null;
// Start and end run one after the other (React's strict mode starts, ends and starts again at once).
let queue: Promise<void> = Promise.resolve();

function inTurn(work: () => Promise<void>): Promise<void> {
  queue = queue.then(work, work);
  return queue;
}

export function startDeviceSession(user: User): Promise<void> {
  return inTurn(async () => {
    if (running?.userId === user.id) return;
    await stopRunning();
    const db = openHearthDb(user.id);
    let pulledBefore: boolean;
    try {
      // The first use of the database: where storage is blocked, full or holds a newer Hearth's database, it fails.
      // A sign-out that sealed the database and never finished (the tab closed) must not keep the person from writing.
      pulledBefore = await db.transaction('rw', db.syncState, async () => {
        const [, , firstPullDone] = await Promise.all([
          storeSignedInUser(db, user),
          unsealAfterSignOut(db),
          isFirstPullDone(db),
        ]);
        return firstPullDone;
      });
    } catch (error) {
      console.error('Could not open the device database', error);
      db.close();
      deviceSessionStore.set({ db: null, storageUnavailable: true });
      serviceWorkerMayRegister();
      return;
    }
    const startSyncing = () =>
      runSync(user.id, { db, screensHaveData: pulledBefore, onWrongAccount: () => void recheckSignedInUser() });
    // The screens start reading before syncing starts when they have something to show: on a slow phone opening the
    // app offline, the engine's first reads and writes went ahead of the feed's in the storage process's queue. A
    // device that never pulled has nothing to show: its first pull goes ahead of the screens' reads and drawing.
    const firstSync = pulledBefore ? null : startSyncing();
    deviceSessionStore.set({ db, storageUnavailable: false });
    const session = firstSync ?? startSyncing();
    running = {
      userId: user.id,
      session,
      cleanups: [...followSession(session), registerAfterFirstSync(db, pulledBefore)],
    };
    tellAboutKeptWrites(user.id);
    // Ask the browser not to clear this person's data under storage pressure: it may hold writes not yet sent.
    void navigator.storage?.persist?.().catch(() => false);
  });
}

/**
 * The service worker's install waits for a first sync (sw/registration-gate.ts): at once on a device that has synced
 * before, else once the first pull is complete (watched until then only: the answer never changes back, and every
 * pull writes the table the watch reads). Answers the cleanup.
 */
function registerAfterFirstSync(db: HearthDb, pulledBefore: boolean): () => void {
  if (pulledBefore) {
    serviceWorkerMayRegister();
    return () => {};
  }
  const watching = liveQuery(() => isFirstPullDone(db)).subscribe((done) => {
    if (!done) return;
    serviceWorkerMayRegister();
    watching.unsubscribe();
  });
  return () => watching.unsubscribe();
}

/** Stops syncing; the person's data stays on the device (another tab signed in, or the session expired). */
export function endDeviceSession(): Promise<void> {
  return inTurn(() => stopRunning());
}

/**
 * The person's session is over (signed out, or ended elsewhere): stops syncing and deletes their database (and those
 * of earlier sessions with nothing unsent), keeping this tab's sync lock until the deletion is done so that no other
 * tab starts syncing it meanwhile; then the family they chose here and the data caches go too.
 */
export async function leaveDevice(userId: string): Promise<void> {
  await inTurn(() => stopRunning(() => deleteHearthDbsAtSignOut(userId)));
  forgetSelectedFamily(userId);
  await deleteDataCaches();
}

/** Every cache but the app's own files (the precache holds only the public build, the same for everyone). */
async function deleteDataCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)));
}

/** Something new is waiting on the server for this device (the person just joined a family): fetch it now. */
export function syncNow(): void {
  running?.session.catchUp();
}

async function stopRunning(beforeHandingOver?: () => Promise<void>): Promise<void> {
  deviceSessionStore.set({ db: null, storageUnavailable: false });
  if (!running) {
    await beforeHandingOver?.();
    return;
  }
  const { session, cleanups } = running;
  running = null;
  for (const cleanup of cleanups) cleanup();
  await session.stop(beforeHandingOver);
  setStatus(noSessionStatus);
}

function setStatus(change: Partial<SyncStatus>): void {
  syncStatusStore.set({ ...syncStatusStore.get(), ...change });
}

/**
 * Feeds the indicator, the update prompt and the "Not sent" toast from the session (the same news in every tab,
 * whichever one syncs); returns the unsubscribers.
 */
function followSession({ db, status, onRejected }: SyncSession): (() => void)[] {
  // Counted from the database, so every tab shows the same numbers whichever one is syncing. A photo still to upload
  // is a write waiting too: "All sent" before it is up would be a promise not kept.
  const outbox = liveQuery(() =>
    db.transaction('r', db.outbox, db.refusedWrites, db.photoUploads, db.syncState, async () => {
      const [writes, photos, notSent, wroteAny] = await Promise.all([
        db.outbox.count(),
        db.photoUploads.filter((upload) => upload.state === 'waiting').count(),
        db.refusedWrites.count(),
        wroteAnything(db),
      ]);
      return { waiting: writes + photos, notSent, wroteAny };
    }),
  ).subscribe({
    next: (counts) => setStatus(counts),
    error: (error: unknown) => console.error('Could not count the outbox', error),
  });

  const followSync = () => {
    const { phase, updateRequired, lastSyncedAt } = status.get();
    setStatus({
      syncing: phase === 'syncing',
      failing: phase === 'error',
      updateRequired,
      lastSyncedAt,
      online: navigator.onLine && phase !== 'offline',
    });
    if (updateRequired) markUpdateRequired();
  };
  const unsubscribeSync = status.subscribe(followSync);
  followSync();

  const followNetwork = () => setStatus({ online: navigator.onLine });
  window.addEventListener('online', followNetwork);
  window.addEventListener('offline', followNetwork);

  const unsubscribeRejected = onRejected((write) =>
    toast({ ...toasts.notSent, description: write.reason, variant: 'destructive' }),
  );

  return [
    () => outbox.unsubscribe(),
    unsubscribeSync,
    () => {
      window.removeEventListener('online', followNetwork);
      window.removeEventListener('offline', followNetwork);
    },
    unsubscribeRejected,
  ];
}
