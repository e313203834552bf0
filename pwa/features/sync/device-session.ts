import { liveQuery } from 'dexie';
import type { User } from '../../../schema/entities.ts';
import { toasts } from '../../../schema/messages.ts';
import { deleteEveryHearthDb } from '../../db/hearth-db.ts';
import { runSync, type SyncSession } from '../../sync/run-sync.ts';
import { storeSignedInUser } from '../../sync/sync-state.ts';
import { markUpdateRequired } from '../../sw/app-update-store.ts';
import { toast } from '../../ui/toast-store.ts';
import { deviceSessionStore } from './device-session-store.ts';
import { syncStatusStore } from './sync-status-store.ts';

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
    const session = runSync(user.id);
    const { id, username, firstName, lastName, profileImageUrl } = user;
    await storeSignedInUser(session.db, { id, username, firstName, lastName, profileImageUrl });
    running = { userId: user.id, session, cleanups: followSession(session) };
    deviceSessionStore.set({ db: session.db });
    // Ask the browser not to clear this person's data under storage pressure: it may hold writes not yet sent.
    void navigator.storage?.persist?.().catch(() => false);
  });
}

/** Stops syncing; with `deleteData` (sign-out) every Hearth database on the device goes too. */
export function endDeviceSession({ deleteData }: { deleteData: boolean }): Promise<void> {
  return inTurn(async () => {
    await stopRunning();
    if (deleteData) await deleteEveryHearthDb();
  });
}

async function stopRunning(): Promise<void> {
  if (!running) return;
  const { session, cleanups } = running;
  running = null;
  deviceSessionStore.set({ db: null });
  for (const cleanup of cleanups) cleanup();
  session.stop();
  await session.engine.whenSettled();
  session.db.close();
  syncStatusStore.set({ ...syncStatusStore.get(), waiting: 0, notSent: 0, syncing: false });
}

/** Feeds the indicator, the update prompt and the "Not sent" toast from the session; returns the unsubscribers. */
function followSession({ db, engine }: SyncSession): (() => void)[] {
  const setStatus = (change: Partial<ReturnType<typeof syncStatusStore.get>>) =>
    syncStatusStore.set({ ...syncStatusStore.get(), ...change });

  // Counted from the database, so every tab shows the same numbers whichever one is syncing.
  const outbox = liveQuery(async () => ({
    waiting: await db.outbox.where('status').anyOf('pending', 'sent').count(),
    notSent: await db.outbox.where('status').equals('rejected').count(),
  })).subscribe({
    next: (counts) => setStatus(counts),
    error: (error: unknown) => console.error('Could not count the outbox', error),
  });

  const followEngine = () => {
    const { phase, updateRequired } = engine.status.get();
    setStatus({ syncing: phase === 'syncing', online: navigator.onLine && phase !== 'offline' });
    if (updateRequired) markUpdateRequired();
  };
  const unsubscribeEngine = engine.status.subscribe(followEngine);
  followEngine();

  const followNetwork = () => setStatus({ online: navigator.onLine });
  window.addEventListener('online', followNetwork);
  window.addEventListener('offline', followNetwork);

  const unsubscribeRejected = engine.onRejected((write) =>
    toast({ ...toasts.notSent, description: write.reason, variant: 'destructive' }),
  );

  return [
    () => outbox.unsubscribe(),
    unsubscribeEngine,
    () => {
      window.removeEventListener('online', followNetwork);
      window.removeEventListener('offline', followNetwork);
    },
    unsubscribeRejected,
  ];
}
