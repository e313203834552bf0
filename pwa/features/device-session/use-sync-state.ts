import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry, RefusedWrite, RowTable } from '../../db/hearth-db.ts';
import { isFirstPullDone } from '../../sync/sync-state.ts';
import { useHearthDb } from './device-session-store.ts';

/**
 * What screens show about sync, read from the device database (so every tab sees the same, whichever one syncs).
 * Each returns undefined for the few milliseconds before the database first answers.
 */

/** Ids of the rows of `table` with a write the server has not confirmed yet: "Waiting to send". */
export function usePendingIds(table: RowTable): ReadonlySet<string> | undefined {
  const db = useHearthDb();
  return useLiveQuery(async () => {
    const keys = await db.shadows.where('table').equals(table).primaryKeys();
    return new Set(keys.map(([, id]) => id));
  }, [db, table]);
}

/** Writes the server refused for good, oldest first, each with its reason (for Retry and Discard). */
export function useRefusedWrites(): RefusedWrite[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(() => db.refusedWrites.toArray(), [db]);
}

/** Writes waiting for the server, in the order they were made ("Waiting to send" in the sync panel). */
export function useWaitingWrites(): OutboxEntry[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(() => db.outbox.orderBy('seq').toArray(), [db]);
}

/** Whether this device has completed one full pull, so empty tables mean "nothing there" rather than "not yet". */
export function useFirstPullDone(): boolean | undefined {
  const db = useHearthDb();
  return useLiveQuery(() => isFirstPullDone(db), [db]);
}
