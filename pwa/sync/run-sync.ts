import { liveQuery } from 'dexie';
import { openHearthDb, type HearthDb } from '../db/hearth-db.ts';
import { whenIdle } from '../lib/when-idle.ts';
import type { PhotoKeeper } from './photo-keeper.ts';
import type { PhotoUploader } from './photo-uploader.ts';
import { httpTransport } from './http-transport.ts';
import { createSyncEngine, type SyncEngineOptions } from './sync-engine.ts';
import { createSyncNews, type SyncNews } from './sync-news.ts';

export type SyncSession = {
  db: HearthDb;
  /** What the syncing tab (this one or another) is doing, and the writes it refused: the same in every tab. */
  status: SyncNews['status'];
  onRejected: SyncNews['onRejected'];
  /** Syncs now, when this tab is the one syncing (the others hear the server's poke through the syncing tab). */
  catchUp(): void;
  /**
   * Stops syncing, waits for the request in flight to be abandoned and closes the database. The sync lock passes to
   * another tab only after `beforeHandingOver` (sign-out deleting the database), so no tab starts syncing a
   * database that is about to go.
   */
  stop(beforeHandingOver?: () => Promise<void>): Promise<void>;
};

/** How long syncing waits at most for the main thread to be free of the screens' first work. */
const screensFirstMaxMs = 1000;

/**
 * Resolves once the browser is idle after the screens' first work (or after `screensFirstMaxMs`): syncing starts then,
 * not with them. Its first reads, watches and writes otherwise went ahead of the feed's in the storage process's
 * queue, which a slow phone opening the app offline waited through before it showed a post; online, the first pull
 * only needs to start, and the screens have the device's copy to show meanwhile.
 */
function screensFirst(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve, screensFirstMaxMs));
}

/**
 * Opens the signed-in user's database and syncs it from one tab only: the one holding the Web Lock
 * `hearth-sync-<userId>`. The other tabs write to the same database, see the results through Dexie's cross-tab
 * live queries and hear the rest from the syncing tab (sync-news.ts); when the syncing tab closes, the lock (and the
 * syncing) passes to another. Without Web Locks every tab syncs, which the server's duplicate detection makes safe,
 * only wasteful.
 */
export function runSync(
  userId: string,
  {
    db = openHearthDb(userId),
    onWrongAccount,
    screensHaveData = true,
  }: Pick<SyncEngineOptions, 'onWrongAccount'> & {
    /** The person's database, opened already (the device session opens it first); by default, opened here. */
    db?: HearthDb;
    /**
     * Whether the device holds anything for the screens to show. When it does not (a first sync), syncing starts at
     * once rather than after the screens' first work: the first pull is what gives them something.
     */
    screensHaveData?: boolean;
  } = {},
): SyncSession {
  const engine = createSyncEngine({ db, userId, transport: httpTransport, onWrongAccount });
  const news = createSyncNews(userId);
  let uploader: Promise<PhotoUploader> | null = null;
  let keeper: Promise<PhotoKeeper> | null = null;
  const giveUpWaiting = new AbortController();
  let stopped = false;
  let stopLeading: (() => void) | undefined;
  let releaseLock = () => {};
  const syncingMayStart = () => (screensHaveData ? screensFirst() : Promise.resolve());

  /** The syncing tab uploads the photos too, whichever tab they were picked in, and keeps their thumbnails. */
  function lead(): void {
    const stopNews = news.lead(engine);
    // The uploader's code comes with the first photo picked, not with every signed-in page.
    const queued = liveQuery(() => db.photoUploads.count()).subscribe({
      next: (count) => {
        if (count === 0) return;
        uploader ??= import('./photo-uploader.ts').then(({ createPhotoUploader }) => createPhotoUploader({ db }));
        void uploader.then((started) => started.kick());
      },
    });
    // Thumbnails kept for offline follow the family's photos: fetched as they arrive, forgotten as they go.
    // Voice notes too (decision 0058): the newest of each family are kept to play offline.
    const photosChanged = liveQuery(async () => [
      ...(await db.photos.toCollection().primaryKeys()),
      ...(await db.voiceNotes.toCollection().primaryKeys()),
    ]).subscribe({
      next: (ids) => {
        if (ids.length === 0 && !keeper) return;
        keeper ??= import('./photo-keeper.ts').then(({ createPhotoKeeper }) => createPhotoKeeper({ db }));
        void keeper.then((started) => started.kick());
      },
    });
    stopLeading = () => {
      stopNews();
      queued.unsubscribe();
      photosChanged.unsubscribe();
      void uploader?.then((started) => started.stop());
      void keeper?.then((started) => started.stop());
      uploader = null;
      keeper = null;
    };
    engine.start();
    // Chat history read back through last time goes, before anyone is reading (decision 0021).
    void import('./message-window.ts')
      .then(({ forgetOlderMessages }) => forgetOlderMessages(db))
      .catch((error: unknown) => console.warn('Could not forget older messages', error));
  }

  if ('locks' in navigator) {
    navigator.locks
      .request(`hearth-sync-${userId}`, { signal: giveUpWaiting.signal }, async () => {
        await syncingMayStart();
        if (stopped) return;
        lead();
        return new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
      })
      .catch((error: unknown) => {
        if (!giveUpWaiting.signal.aborted) console.warn('Could not take the sync lock', error);
      });
  } else {
    void syncingMayStart().then(() => {
      if (!stopped) lead();
    });
  }

  const catchUp = () => {
    engine.catchUp();
    void uploader?.then((started) => started.kick());
    void keeper?.then((started) => started.kick());
  };
  const showOffline = () => engine.reportOffline();
  const syncWhenShown = () => {
    if (document.visibilityState === 'visible') engine.catchUp();
  };
  window.addEventListener('online', catchUp);
  window.addEventListener('focus', catchUp);
  window.addEventListener('offline', showOffline);
  document.addEventListener('visibilitychange', syncWhenShown);

  return {
    db,
    status: news.status,
    onRejected: news.onRejected,
    catchUp,
    async stop(beforeHandingOver) {
      stopped = true;
      window.removeEventListener('online', catchUp);
      window.removeEventListener('focus', catchUp);
      window.removeEventListener('offline', showOffline);
      document.removeEventListener('visibilitychange', syncWhenShown);
      engine.stop();
      giveUpWaiting.abort();
      try {
        await engine.whenSettled();
        db.close();
        await beforeHandingOver?.();
      } finally {
        stopLeading?.();
        news.close();
        releaseLock();
      }
    },
  };
}
