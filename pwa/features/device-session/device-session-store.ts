import type { HearthDb } from '../../db/hearth-db.ts';
import { createExternalStore } from '../../lib/external-store.ts';

/**
 * The signed-in person's device database, once it is open. Lives apart from the session code so screens can read
 * it without loading Dexie on the public pages.
 */
export const deviceSessionStore = createExternalStore<{
  db: HearthDb | null;
  /** The database could not be opened (storage blocked or full, or a newer Hearth's database): nothing to wait for. */
  storageUnavailable: boolean;
}>({ db: null, storageUnavailable: false });

/** For screens under the signed-in layout, which only renders once the database is open. */
export function useHearthDb(): HearthDb {
  const { db } = deviceSessionStore.use();
  if (!db) throw new Error('useHearthDb must be used on a signed-in screen');
  return db;
}
