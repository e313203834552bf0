import { childTablesOf, syncedTables, usersNamedBy, type SyncedTable } from '../../schema/synced-tables.ts';
import type { FamilyPull, HistoryChanged, PullResponse, RowPut, SyncedUser } from '../../schema/sync.ts';
import type { HearthDb, OutboxEntry } from '../db/hearth-db.ts';
import { groupFootprints, rangeReadKey, rangeWriteKeys, rowKey, rowOfKey, type Footprint } from './footprint.ts';
import {
  createRecordingWriter,
  deleteWithChildren,
  directWriter,
  inSyncTransaction,
  type RowWriter,
} from './row-writer.ts';
import { deleteCursor, markFirstPullDone, readSignedInUser, storeCursor, storeEpoch } from './sync-state.ts';

/** What the server said, for one rebase. Every part is optional: a refusal rebases with no server changes. */
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
  /** Writes the server refused, already taken out of the outbox: what they did on this device is undone. */
  refused?: readonly OutboxEntry[];
};

/** Puts back the server's copy of the rows given (every row with one when `rows` is null), and forgets it. */
async function undoPendingWrites(db: HearthDb, rows: ReadonlySet<string> | null): Promise<void> {
  const keys = rows === null ? null : [...rows].flatMap((key) => [rowOfKey(key)].filter((row) => row !== null));
  const shadows = keys === null ? await db.shadows.toArray() : (await db.shadows.bulkGet(keys)).filter((x) => !!x);
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
  await db.shadows.bulkDelete(shadows.map((shadow): [typeof shadow.table, string] => [shadow.table, shadow.id]));
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
  // The puts between two deletes go in one bulkPut per table. A page is up to a thousand rows with the tables
  // interleaved (a comment and the notification it earned share a version), and a bulkPut per run of one table made
  // hundreds of tiny ones, each a round of Dexie's change tracking, key by key for fewer than 50 rows: a first pull's
  // pages took a second each to apply. Puts to different tables commute, one table's keep their order (the last put of
  // an id wins), and a delete, whose cascade reads the rows below it, still comes after every put before it.
  const puts = new Map<RowPut['table'], RowPut['row'][]>();
  const flush = async () => {
    for (const [table, rows] of puts) await db.table(table).bulkPut(rows);
    puts.clear();
  };
  for (const change of pull.changes) {
    if (change.op === 'put') {
      const rows = puts.get(change.table);
      if (rows) rows.push(change.row);
      else puts.set(change.table, [change.row]);
      continue;
    }
    await flush();
    await deleteWithChildren(writer, change.table, change.id);
  }
  await flush();
  await storeCursor(db, pull.cursor);
}

/**
 * The device's side of every write, loaded apart from the home's first download: a rebase needs it only when writes
 * are queued, and a tab that writes has it already (write.ts imports it). Not awaited inside a transaction, which
 * IndexedDB would commit meanwhile: a rebase that finds it missing rolls back, loads it and runs again.
 */
let localMutators: typeof import('./local-mutators.ts') | undefined;

class LocalMutatorsNotLoaded extends Error {}

async function withLocalMutators<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof LocalMutatorsNotLoaded)) throw error;
    localMutators = await import('./local-mutators.ts');
    return run();
  }
}

/** Re-applies queued writes in seq order, each noting its footprint afresh on its outbox entry. */
async function reapplyQueuedWrites(db: HearthDb, entries: readonly OutboxEntry[]): Promise<Footprint[]> {
  if (entries.length === 0) return [];
  if (!localMutators) throw new LocalMutatorsNotLoaded();
  const { applyLocalMutation } = localMutators;
  const signedInUser = await readSignedInUser(db);
  const footprints: Footprint[] = [];
  for (const entry of entries) {
    const footprint: Footprint = new Set();
    await applyLocalMutation(createRecordingWriter(db, footprint), entry, { signedInUser, now: entry.createdAt });
    await db.outbox.put({ ...entry, footprint: [...footprint] });
    footprints.push(footprint);
  }
  return footprints;
}

/**
 * What deleting a row on this device touches: the row, the ranges it sat in and, the same way, all its children.
 * Looking the children up reads their range: a pending write that took a child out of it (deleting a comment of a
 * post the server now deletes) is concerned even though the child is no longer there to be found.
 */
async function deletionKeys(db: HearthDb, table: SyncedTable, id: string, keys: Footprint): Promise<void> {
  keys.add(rowKey(table, id));
  const row = await db.table(table).get(id);
  if (row) for (const key of rangeWriteKeys(table, row)) keys.add(key);
  for (const child of childTablesOf(table)) {
    keys.add(rangeReadKey(child.table, child.field, id));
    const childIds = await db.table(child.table).where(child.field).equals(id).primaryKeys();
    for (const childId of childIds) await deletionKeys(db, child.table, String(childId), keys);
  }
}

/**
 * The writes a server update concerns (with the writes they concern in turn), or null when it concerns them all:
 * a family dropped or sent again from the start, or an entry from before footprints were kept. The update's own
 * footprint is every row it puts or deletes (children included) and every range a put row enters; the writes it
 * confirms and the writes it refuses count as part of it, since their rows change under them.
 */
async function writesConcerned(
  db: HearthDb,
  entries: readonly OutboxEntry[],
  update: ServerUpdate,
  isConfirmed: (entry: OutboxEntry) => boolean,
): Promise<OutboxEntry[] | null> {
  const families = update.families ?? [];
  if (families.some((family) => family.status === 'drop' || family.reset)) return null;
  if (entries.some((entry) => !entry.footprint)) return null;
  const updateKeys: Footprint = new Set();
  for (const family of families) {
    if (family.status !== 'changes') continue;
    for (const change of family.changes) {
      if (change.op === 'delete') {
        if (change.table === 'families') return null;
        await deletionKeys(db, change.table, change.id, updateKeys);
      } else {
        updateKeys.add(rowKey(change.table, change.row.id));
        for (const key of rangeWriteKeys(change.table, change.row)) updateKeys.add(key);
      }
    }
  }
  for (const user of update.users ?? []) updateKeys.add(rowKey('users', user.id));
  for (const entry of [...(update.refused ?? []), ...entries.filter(isConfirmed)]) {
    for (const key of entry.footprint ?? []) updateKeys.add(key);
  }
  if (updateKeys.size === 0) return [];
  const groups = groupFootprints([updateKeys, ...entries.map((entry) => entry.footprint ?? [])]);
  const updateGroup = groups.groupOf(0);
  return entries.filter((_, index) => groups.groupOf(index + 1) === updateGroup);
}

/**
 * After a write was re-applied on its own, whether what it touched now reaches a write that was left alone (its data
 * changed under it, so it took another path): then the writes left alone must be redone as well.
 */
function reachesOthers(redone: readonly Footprint[], leftAlone: readonly OutboxEntry[]): boolean {
  if (redone.length === 0 || leftAlone.length === 0) return false;
  const groups = groupFootprints([...redone, ...leftAlone.map((entry) => entry.footprint ?? [])]);
  const redoneGroups = new Set(redone.map((_, index) => groups.groupOf(index)));
  return leftAlone.some((_, index) => redoneGroups.has(groups.groupOf(redone.length + index)));
}

/** People no row on the device names any more (a family left, a member gone), but never the signed-in person. */
async function forgetUnnamedUsers(db: HearthDb): Promise<void> {
  const named = new Set<string>([(await readSignedInUser(db).catch(() => null))?.id ?? '']);
  for (const table of syncedTables) {
    await db.table(table).each((row) => {
      for (const id of usersNamedBy(table, row)) named.add(id);
    });
  }
  const unnamed = (await db.users.toCollection().primaryKeys()).filter((id) => !named.has(id));
  if (unnamed.length > 0) await db.users.bulkDelete(unnamed);
}

/**
 * Replicache's rebase in one Dexie transaction: undo the queued writes an update concerns (put their rows' shadows
 * back), apply the server's changes, forget the writes the server confirmed, and re-apply the rest of those writes
 * in seq order. Writes the update does not concern stay as they are, so a chat message arriving costs the same with
 * a thousand writes waiting as with none (docs/decisions/0013-bounded-growth-and-rebase-by-footprint.md). Screens
 * never see a pull hide a pending write, and a refused write is rolled back exactly.
 */
export function rebase(db: HearthDb, update: ServerUpdate = {}): Promise<void> {
  return withLocalMutators(() => inSyncTransaction(db, async () => {
    const { confirmedThroughSeq } = update;
    const isConfirmed = (entry: OutboxEntry) =>
      confirmedThroughSeq !== undefined && entry.status === 'sent' && entry.seq <= confirmedThroughSeq;
    const entries = await db.outbox.orderBy('seq').toArray();
    const concerned = await writesConcerned(db, entries, update, isConfirmed);
    const undone =
      concerned === null
        ? null
        : new Set([...concerned, ...(update.refused ?? [])].flatMap((entry) => entry.footprint ?? []));
    await undoPendingWrites(db, undone);

    const writer = directWriter(db);
    for (const family of update.families ?? []) await applyFamilyPull(db, writer, family);
    if (update.users?.length) await db.users.bulkPut([...update.users]);
    const confirmed = entries.filter(isConfirmed);
    if (confirmed.length > 0) await db.outbox.bulkDelete(confirmed.map((entry) => entry.seq));
    if (update.complete) await markFirstPullDone(db);
    if (update.epoch) await storeEpoch(db, update.epoch);

    const redo = (concerned ?? entries).filter((entry) => !isConfirmed(entry));
    const redone = await reapplyQueuedWrites(db, redo);
    if (concerned !== null) {
      const leftAlone = entries.filter((entry) => !concerned.includes(entry));
      if (reachesOthers(redone, leftAlone)) {
        await undoPendingWrites(db, null);
        await reapplyQueuedWrites(db, await db.outbox.orderBy('seq').toArray());
      }
    }
    const someoneLeft = (update.families ?? []).some(
      (family) =>
        family.status === 'drop' ||
        family.reset ||
        family.changes.some((change) => change.op === 'delete' && change.table === 'members'),
    );
    if (someoneLeft) await forgetUnnamedUsers(db);
  }));
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
  return withLocalMutators(() => inSyncTransaction(db, async () => {
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
    await reapplyQueuedWrites(db, await db.outbox.orderBy('seq').toArray());
    return lastAppliedSeq + later.length;
  }));
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
