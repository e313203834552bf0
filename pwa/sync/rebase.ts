import type { FamilyPull, PullResponse, RowPut, SyncedUser } from '../../schema/sync.ts';
import type { HearthDb } from '../db/hearth-db.ts';
import { applyLocalMutation } from './local-mutators.ts';
import {
  createRecordingWriter,
  deleteWithChildren,
  directWriter,
  inSyncTransaction,
  type RowWriter,
} from './row-writer.ts';
import { deleteCursor, markFirstPullDone, readSignedInUser, storeCursor } from './sync-state.ts';

/** What the server said, for one rebase. Every part is optional: a rejection rebases with no server changes. */
export type ServerUpdate = {
  families?: readonly FamilyPull[];
  users?: readonly SyncedUser[];
  /**
   * Sent entries up to this seq are reflected in the rows of this update and leave the outbox. Only set when the
   * update holds every family's changes up to the server's snapshot (see `applyPullResponse`).
   */
  confirmedThroughSeq?: number;
  /** The update ends a complete pull (every family fetched). */
  complete?: boolean;
};

async function undoPendingWrites(db: HearthDb): Promise<void> {
  const shadows = await db.shadows.toArray();
  // Nothing pending, nothing to undo; clearing an empty table would still wake every screen watching it.
  if (shadows.length === 0) return;
  const writer = directWriter(db);
  for (const shadow of shadows) {
    if (shadow.row) {
      // The union does not tie `row` to `table` for TypeScript; a shadow was written from that very table.
      await writer.put(shadow.table, shadow.row as never);
    } else {
      await writer.delete(shadow.table, shadow.id);
    }
  }
  await db.shadows.clear();
}

async function applyFamilyPull(db: HearthDb, writer: RowWriter, pull: FamilyPull): Promise<void> {
  if (pull.status === 'drop') {
    await deleteWithChildren(writer, 'families', pull.familyId);
    await deleteCursor(db, pull.familyId);
    return;
  }
  // The server is sending the family again from the start and no tombstone will name what was deleted meanwhile:
  // the copy is dropped first. Pending writes are undone already and come back on top after this page.
  if (pull.reset) await deleteWithChildren(writer, 'families', pull.familyId);
  // Runs of puts to one table go in one bulkPut: a first pull is thousands of rows, and one IndexedDB request per
  // row made applying a page take most of a second.
  let run: { table: RowPut['table']; rows: RowPut['row'][] } | undefined;
  const flush = async () => {
    if (run) await db.table(run.table).bulkPut(run.rows);
    run = undefined;
  };
  for (const change of pull.changes) {
    if (change.op === 'put') {
      if (run?.table !== change.table) {
        await flush();
        run = { table: change.table, rows: [] };
      }
      run.rows.push(change.row);
      continue;
    }
    await flush();
    await deleteWithChildren(writer, change.table, change.id);
  }
  await flush();
  await storeCursor(db, pull.cursor);
}

async function reapplyQueuedWrites(db: HearthDb): Promise<void> {
  // Refused writes stay in the outbox for Retry or Discard but have no effect on the rows.
  const entries = await db.outbox.where('status').anyOf('pending', 'sent').sortBy('seq');
  if (entries.length === 0) return;
  const signedInUser = await readSignedInUser(db);
  const writer = createRecordingWriter(db);
  for (const entry of entries) await applyLocalMutation(writer, entry, { signedInUser, now: entry.createdAt });
}

/**
 * Replicache's rebase in one Dexie transaction: undo every queued write (put the shadows back), apply the server's
 * changes, forget the writes the server confirmed, and re-apply the rest in seq order. Screens never see a pull
 * hide a pending write, and a refused write is rolled back exactly.
 */
export async function rebase(db: HearthDb, update: ServerUpdate = {}): Promise<void> {
  await inSyncTransaction(db, async () => {
    await undoPendingWrites(db);
    const writer = directWriter(db);
    for (const family of update.families ?? []) await applyFamilyPull(db, writer, family);
    if (update.users?.length) await db.users.bulkPut([...update.users]);
    const { confirmedThroughSeq } = update;
    if (confirmedThroughSeq !== undefined) {
      await db.outbox
        .where('seq')
        .belowOrEqual(confirmedThroughSeq)
        .filter((entry) => entry.status === 'sent')
        .delete();
    }
    if (update.complete) await markFirstPullDone(db);
    await reapplyQueuedWrites(db);
  });
}

/**
 * One pull answer. While `more` is true some family is only partly fetched, so a write covered by `lastAppliedSeq`
 * may be in a page still to come: its entry stays (and keeps showing) until the last page.
 */
export function applyPullResponse(db: HearthDb, response: PullResponse): Promise<void> {
  return rebase(db, {
    families: response.families,
    users: response.users,
    ...(response.more ? {} : { confirmedThroughSeq: response.lastAppliedSeq, complete: true }),
  });
}
