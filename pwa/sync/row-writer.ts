import type { Table } from 'dexie';
import type { HearthDb, HearthRows, RowTable, Shadow } from '../db/hearth-db.ts';

/** Which child tables each parent id is indexed in (hearth-db.ts). */
type ChildTables = { familyId: 'members' | 'posts' | 'comments' | 'reactions'; postId: 'comments' | 'reactions' };

/**
 * The row operations local mutators and server changes are made of. Two implementations: `directWriter` applies the
 * server's changes as they are; `createRecordingWriter` applies a pending write and first keeps the server's copy
 * of every row it touches in `shadows`, so a rebase can undo it exactly. Both run inside the caller's transaction.
 */
export type RowWriter = {
  get<T extends RowTable>(table: T, id: string): Promise<HearthRows[T] | undefined>;
  put<T extends RowTable>(table: T, row: HearthRows[T]): Promise<void>;
  delete(table: RowTable, id: string): Promise<void>;
  /** Deletes every row of `table` whose `parent` index is `parentId`, e.g. a post's comments. */
  deleteChildren<P extends keyof ChildTables>(table: ChildTables[P], parent: P, parentId: string): Promise<void>;
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
    async deleteChildren(table, parent, parentId) {
      await tableOf(db, table).where(parent).equals(parentId).delete();
    },
  };
}

export function createRecordingWriter(db: HearthDb): RowWriter {
  const direct = directWriter(db);
  const shadowed = new Set<string>();

  /** Keeps the copy from before the first pending write: a later pending write must not replace it. */
  async function keepServerCopy<T extends RowTable>(table: T, id: string, current: HearthRows[T] | undefined) {
    const key = `${table}\u0000${id}`;
    if (shadowed.has(key)) return;
    shadowed.add(key);
    if (await db.shadows.get([table, id])) return;
    await db.shadows.put({ table, id, row: current ?? null } as Shadow);
  }

  async function put<T extends RowTable>(table: T, row: HearthRows[T]): Promise<void> {
    await keepServerCopy(table, row.id, await direct.get(table, row.id));
    await direct.put(table, row);
  }

  async function remove(table: RowTable, id: string): Promise<void> {
    const current = await direct.get(table, id);
    if (!current) return;
    await keepServerCopy(table, id, current);
    await direct.delete(table, id);
  }

  return {
    get: direct.get,
    put,
    delete: remove,
    async deleteChildren(table, parent, parentId) {
      const ids = await tableOf(db, table).where(parent).equals(parentId).primaryKeys();
      for (const id of ids) await remove(table, id);
    },
  };
}

/** A post takes its comments and reactions with it, on the server and here. */
export async function deletePostWithChildren(writer: RowWriter, postId: string): Promise<void> {
  await writer.deleteChildren('comments', 'postId', postId);
  await writer.deleteChildren('reactions', 'postId', postId);
  await writer.delete('posts', postId);
}

/** Every local row of a family. Users stay: they are names and avatars, possibly shown in other families too. */
export async function deleteFamilyWithRows(writer: RowWriter, familyId: string): Promise<void> {
  for (const table of ['reactions', 'comments', 'posts', 'members'] as const) {
    await writer.deleteChildren(table, 'familyId', familyId);
  }
  await writer.delete('families', familyId);
}

/** One read-write transaction over the whole database: local writes, rebases and push answers all use it. */
export function inSyncTransaction<T>(db: HearthDb, scope: () => Promise<T>): Promise<T> {
  return db.transaction('rw', db.tables, scope);
}
