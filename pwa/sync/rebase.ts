import { syncedTables } from '../../schema/synced-tables.ts';
import type { FamilyPull, HistoryChanged, PullResponse, RowPut, SyncedUser } from '../../schema/sync.ts';
import type { HearthDb } from '../db/hearth-db.ts';
import { applyLocalMutation } from './local-mutators.ts';
import {
  createRecordingWriter,
  deleteWithChildren,
  directWriter,
  inSyncTransaction,
  type RowWriter,
} from './row-writer.ts';
import { deleteCursor, markFirstPullDone, readSignedInUser, storeCursor, storeEpoch } from './sync-state.ts';

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
  /** The server history the update came from: kept if this device had none yet. */
  epoch?: string;
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
  const entries = await db.outbox.orderBy('seq').toArray();
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
    if (update.epoch) await storeEpoch(db, update.epoch);
    await reapplyQueuedWrites(db);
  });
}

/**
 * The server's history is not the one this device synced with (docs/decisions/0011-server-history-and-device-owner.md):
 * it was restored from a backup or moved (a 409 naming its new epoch), or it forgot writes it had acknowledged (a gap
 * this device can never fill). The device starts over, in one transaction: its families go (the next pull brings
 * them again as the server has them now, so nothing from the lost history lingers), and so do its cursors. Writes up
 * to `lastAppliedSeq`, which this history has handled, keep their place; every later one is sent again, renumbered
 * from `lastAppliedSeq + 1` in its order, acknowledged or not, since the history that acknowledged it is gone. Each
 * carries the ids it creates, and the server never brings back a row it deleted, so a write it still has changes
 * nothing. Refused writes wait for the person as before. Answers the highest seq now queued.
 */
export function startOverWithServer(
  db: HearthDb,
  { epoch, lastAppliedSeq }: Omit<HistoryChanged, 'error'>,
): Promise<number> {
  return inSyncTransaction(db, async () => {
    await db.shadows.clear();
    for (const table of [...syncedTables, 'users'] as const) await db.table(table).clear();
    await db.syncState.where('key').startsWith('cursor:').delete();
    await db.syncState.delete('firstPullDone');
    const later = await db.outbox.where('seq').above(lastAppliedSeq).sortBy('seq');
    await db.outbox.bulkDelete(later.map((entry) => entry.seq));
    await db.outbox.bulkAdd(
      later.map((entry, index) => ({ ...entry, seq: lastAppliedSeq + 1 + index, status: 'pending' as const })),
    );
    await db.syncState.put({ key: 'nextSeq', value: lastAppliedSeq + 1 + later.length });
    await db.syncState.put({ key: 'epoch', value: epoch });
    await reapplyQueuedWrites(db);
    return lastAppliedSeq + later.length;
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
    epoch: response.epoch,
    ...(response.more ? {} : { confirmedThroughSeq: response.lastAppliedSeq, complete: true }),
  });
}
