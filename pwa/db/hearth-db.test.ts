// Dexie finds IndexedDB when it loads, so the in-memory one is installed before anything imports Dexie.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { deleteEveryHearthDb, deleteHearthDb, hearthDbName, openHearthDb } from './hearth-db.ts';

async function databaseNames(): Promise<string[]> {
  return (await Dexie.getDatabaseNames()).sort();
}

describe('the device database', () => {
  it('is one database per user, with the tables and indexes screens and sync rely on', async () => {
    const db = openHearthDb('ada');
    await db.open();
    expect(db.name).toBe('hearth-ada');
    expect(hearthDbName('grace')).toBe('hearth-grace');
    const indexes = Object.fromEntries(
      db.tables.map((table) => [
        table.name,
        [table.schema.primKey.name, ...table.schema.indexes.map((index) => index.name)],
      ]),
    );
    expect(indexes).toEqual({
      families: ['id'],
      members: ['id', 'familyId', 'userId', '[familyId+userId]'],
      users: ['id'],
      posts: ['id', 'familyId', '[familyId+createdAt]'],
      comments: ['id', 'postId', 'familyId'],
      reactions: ['id', 'postId', 'familyId', '[postId+userId]'],
      outbox: ['seq', 'status'],
      shadows: ['[table+id]', 'table'],
      syncState: ['key'],
    });
    db.close();
    await deleteHearthDb('ada');
    expect(await databaseNames()).not.toContain('hearth-ada');
  });

  it("signing out deletes every user's database and nothing else", async () => {
    const other = new Dexie('another-app');
    other.version(1).stores({ things: 'id' });
    await other.open();
    other.close();
    for (const userId of ['ada', 'grace']) {
      const db = openHearthDb(userId);
      await db.users.put({ id: userId, username: userId, firstName: null, lastName: null, profileImageUrl: null });
      db.close();
    }
    expect(await databaseNames()).toEqual(['another-app', 'hearth-ada', 'hearth-grace']);

    await deleteEveryHearthDb();

    expect(await databaseNames()).toEqual(['another-app']);
  });
});
