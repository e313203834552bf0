import type { Table } from 'dexie';
import { childTablesOf, syncedTables, type SyncedTable } from '../../schema/synced-tables.ts';
import type { HearthDb, HearthRows, RowTable, Shadow } from '../db/hearth-db.ts';
import { rangeReadKey, rangeWriteKeys, rowKey, type Footprint } from './footprint.ts';

/**
 * The row operations local mutators and server changes are made of. Two implementations: `directWriter` applies the
 * server's changes as they are; `createRecordingWriter` applies a pending write, first keeping the server's copy of
 * every row it touches in `shadows` (so a rebase can undo it exactly) and noting what it read and wrote in the
 * write's footprint (so a rebase knows which pages concern it). Both run inside the caller's transaction.
 */
export type RowWriter = {
  get<T extends RowTable>(table: T, id: string): Promise<HearthRows[T] | undefined>;
  put<T extends RowTable>(table: T, row: HearthRows[T]): Promise<void>;
  delete(table: RowTable, id: string): Promise<void>;
  /** The ids of the rows of `table` whose indexed `field` is `value`, e.g. a post's comments. */
  idsWhere(table: SyncedTable, field: string, value: string): Promise<string[]>;
  /** Deletes the rows of `table` whose indexed `field` is `value`. */
  deleteWhere(table: SyncedTable, field: string, value: string): Promise<void>;
};

function tableOf<T extends RowTable>(db: HearthDb, table: T): Table<HearthRows[T], string> {
  return db.table(table);
}

export function directWriter(db: HearthDb): RowWriter {
  return {
    get: (table, id) => tableOf(db, table).get(id),
    async put(table, row) {
      await tableOf(db, table).put(row);
    },
    async delete(table, id) {
      await tableOf(db, table).delete(id);
    },
    idsWhere: (table, field, value) => tableOf(db, table).where(field).equals(value).primaryKeys(),
    async deleteWhere(table, field, value) {
      await tableOf(db, table).where(field).equals(value).delete();
    },
  };
}

export function createRecordingWriter(db: HearthDb, footprint: Footprint = new Set()): RowWriter {
  const direct = directWriter(db);
  const shadowed = new Set<string>();

  async function get<T extends RowTable>(table: T, id: string): Promise<HearthRows[T] | undefined> {
    footprint.add(rowKey(table, id));
    return direct.get(table, id);
  }

  function noteWrite(table: RowTable, row: { id: string }): void {
    footprint.add(rowKey(table, row.id));
    for (const key of rangeWriteKeys(table, row)) footprint.add(key);
  }

  /**
   * Each row's copy from before the first pending write is kept, once: a later pending write must not replace it.
   * The reads a change needs go to the storage process together, and so do its writes: every request there is a
   * turn to wait for, and a write on the live path is waited for by the person and by the family.
   */
  const shadowKey = (table: RowTable, id: string) => `${table}\u0000${id}`;

  async function put<T extends RowTable>(table: T, row: HearthRows[T]): Promise<void> {
    noteWrite(table, row);
    const key = shadowKey(table, row.id);
    if (shadowed.has(key)) return direct.put(table, row);
    shadowed.add(key);
    const [current, kept] = await Promise.all([direct.get(table, row.id), db.shadows.get([table, row.id])]);
    await Promise.all([
      kept ? null : db.shadows.put({ table, id: row.id, row: current ?? null } as Shadow),
      direct.put(table, row),
    ]);
  }

  async function remove(table: RowTable, id: string): Promise<void> {
    footprint.add(rowKey(table, id));
    const key = shadowKey(table, id);
    const [current, kept] = await Promise.all([
      direct.get(table, id),
      shadowed.has(key) ? true : db.shadows.get([table, id]),
    ]);
    if (!current) return;
    noteWrite(table, current);
    shadowed.add(key);
    await Promise.all([kept ? null : db.shadows.put({ table, id, row: current } as Shadow), direct.delete(table, id)]);
  }

  async function idsWhere(table: SyncedTable, field: string, value: string): Promise<string[]> {
    footprint.add(rangeReadKey(table, field, value));
    return direct.idsWhere(table, field, value);
  }

  return {
    get,
    put,
    delete: remove,
    idsWhere,
    async deleteWhere(table, field, value) {
      for (const id of await idsWhere(table, field, value)) await remove(table, id);
    },
  };
}

/**
 * Deletes a row and everything that belongs to it, as the server's foreign keys do (schema/synced-tables.ts declares
 * each table's parent): a post takes its comments and reactions, a family everything in it. Users stay: they are
 * names and avatars, possibly shown in other families too.
 */
export async function deleteWithChildren(writer: RowWriter, table: SyncedTable, id: string): Promise<void> {
  if (table === 'families') {
    // Every row of a family names it: one lookup per table rather than a walk down from each post.
    for (const child of syncedTables) if (child !== 'families') await writer.deleteWhere(child, 'familyId', id);
  } else {
    for (const child of childTablesOf(table)) {
      if (childTablesOf(child.table).length === 0) {
        await writer.deleteWhere(child.table, child.field, id);
      } else {
        for (const childId of await writer.idsWhere(child.table, child.field, id)) {
          await deleteWithChildren(writer, child.table, childId);
        }
      }
    }
  }
  await writer.delete(table, id);
}

/** One read-write transaction over the whole database: local writes, rebases and push answers all use it. */
export function inSyncTransaction<T>(db: HearthDb, scope: () => Promise<T>): Promise<T> {
  return db.transaction('rw', db.tables, scope);
}
