import { openHearthDb, type HearthDb } from '../db/hearth-db.ts';
import { httpTransport } from './http-transport.ts';
import { createSyncEngine, type SyncEngine } from './sync-engine.ts';

export type SyncSession = {
  db: HearthDb;
  /** Started only in the tab holding the sync lock; its status is that tab's. */
  engine: SyncEngine;
  /** Stops syncing and hands the lock to another tab. The database stays open for its screens to close. */
  stop(): void;
};

/**
 * Opens the signed-in user's database and syncs it from one tab only: the one holding the Web Lock
 * `hearth-sync-<userId>`. The other tabs write to the same database and see the results through Dexie's cross-tab
 * live queries; when the syncing tab closes, the lock (and the syncing) passes to another. Without Web Locks every
 * tab syncs, which the server's duplicate detection makes safe, only wasteful.
 */
export function runSync(userId: string): SyncSession {
  const db = openHearthDb(userId);
  const engine = createSyncEngine({ db, transport: httpTransport });
  const giveUpWaiting = new AbortController();
  let stopped = false;
  let releaseLock = () => {};

  if ('locks' in navigator) {
    navigator.locks
      .request(`hearth-sync-${userId}`, { signal: giveUpWaiting.signal }, () => {
        if (stopped) return;
        engine.start();
        return new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
      })
      .catch((error: unknown) => {
        if (!giveUpWaiting.signal.aborted) console.warn('Could not take the sync lock', error);
      });
  } else {
    engine.start();
  }

  const syncNow = () => engine.requestSync();
  const showOffline = () => engine.reportOffline();
  const syncWhenShown = () => {
    if (document.visibilityState === 'visible') engine.requestSync();
  };
  window.addEventListener('online', syncNow);
  window.addEventListener('focus', syncNow);
  window.addEventListener('offline', showOffline);
  document.addEventListener('visibilitychange', syncWhenShown);

  return {
    db,
    engine,
    stop() {
      stopped = true;
      window.removeEventListener('online', syncNow);
      window.removeEventListener('focus', syncNow);
      window.removeEventListener('offline', showOffline);
      document.removeEventListener('visibilitychange', syncWhenShown);
      engine.stop();
      giveUpWaiting.abort();
      releaseLock();
    },
  };
}
