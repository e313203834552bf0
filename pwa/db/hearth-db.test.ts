// Dexie finds IndexedDB when it loads, so the in-memory one is installed before anything imports Dexie.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { syncedTableDeclarations, syncedTables } from '../../schema/synced-tables.ts';
import type { MutationName } from '../../schema/sync.ts';
import {
  countUnsentWrites,
  deleteHearthDbsAtSignOut,
  hearthDbName,
  isDeviceFull,
  openHearthDb,
  sealForSignOut,
  type OutboxEntry,
  type OutboxStatus,
  type RefusedWrite,
} from './hearth-db.ts';

/**
 * Each synced table's store as released, with the Dexie version that made it: a device already at a version never
 * runs it again, so a table added later, or indexes changed, under a released version would never reach it. Add a
 * table here once it ships.
 */
const released: Record<string, { version: number; indexes: string[] }> = {
  families: { version: 1, indexes: ['id'] },
  members: { version: 1, indexes: ['[familyId+userId]', 'familyId', 'id', 'userId'] },
  posts: { version: 1, indexes: ['[familyId+createdAt]', 'familyId', 'id'] },
  comments: { version: 1, indexes: ['familyId', 'id', 'postId'] },
  reactions: { version: 1, indexes: ['[postId+userId]', 'familyId', 'id', 'postId'] },
  albums: { version: 5, indexes: ['familyId', 'id'] },
  photos: { version: 5, indexes: ['[familyId+createdAt]', 'albumId', 'familyId', 'id'] },
  events: { version: 2, indexes: ['[familyId+startDate]', 'familyId', 'id'] },
  rsvps: { version: 7, indexes: ['eventId', 'familyId', 'id'] },
  messages: { version: 8, indexes: ['[familyId+number]', 'familyId', 'id'] },
  chatReads: { version: 8, indexes: ['familyId', 'id'] },
  notifications: { version: 9, indexes: ['familyId', 'id', 'updatedAt'] },
  voiceNotes: { version: 10, indexes: ['[familyId+createdAt]', 'familyId', 'id', 'messageId', 'photoId'] },
};

async function databaseNames(): Promise<string[]> {
  return (await Dexie.getDatabaseNames()).sort();
}

describe('the device database', () => {
  it('is one database per user, with a store per synced table and the indexes its declaration asks for', async () => {
    const db = openHearthDb('ada');
    await db.open();
    expect(db.name).toBe('hearth-ada');
    expect(hearthDbName('grace')).toBe('hearth-grace');
    const indexes = Object.fromEntries(
      db.tables.map((table) => [
        table.name,
        [table.schema.primKey.name, ...table.schema.indexes.map((index) => index.name)].sort(),
      ]),
    );
    for (const table of syncedTables) {
      const { parent, deviceIndexes } = syncedTableDeclarations[table];
      // What cascades and family drops look rows up by, and what the screens query.
      const expected = ['id', ...(parent ? ['familyId', parent.field] : []), ...deviceIndexes];
      expect(indexes[table], table).toEqual([...new Set(expected)].sort());
    }
    expect(Object.keys(indexes).sort()).toEqual(
      [
        ...syncedTables,
        'users',
        'outbox',
        'refusedWrites',
        'invitationLinks',
        'photoUploads',
        'photoImages',
        'voiceClips',
        'shadows',
        'syncState',
      ].sort(),
    );
    db.close();
    await Dexie.delete(hearthDbName('ada'));
    expect(await databaseNames()).not.toContain('hearth-ada');
  });

  it('keeps every released store as it was, and gives a table added since a version above them all', async () => {
    const db = openHearthDb('ada');
    await db.open();
    const newestReleased = Math.max(...Object.values(released).map(({ version }) => version));
    const changed = syncedTables.flatMap((table) => {
      const { deviceVersion } = syncedTableDeclarations[table];
      const schema = db.table(table).schema;
      const indexes = [schema.primKey.name, ...schema.indexes.map((index) => index.name)].sort();
      const shipped = released[table];
      if (!shipped) return deviceVersion > newestReleased ? [] : [`${table}: new, at released version ${deviceVersion}`];
      if (deviceVersion === shipped.version && JSON.stringify(indexes) === JSON.stringify(shipped.indexes)) return [];
      return deviceVersion > newestReleased ? [] : [`${table}: ${indexes.join(', ')} at released version ${deviceVersion}`];
    });
    db.close();
    await Dexie.delete(hearthDbName('ada'));
    expect(changed).toEqual([]);
  });

  it('opens a database made by the Hearth that wrote its stores out by hand, rows and all', async () => {
    // Versions 1 and 2 as they were released: the stores now derived from the declarations must be the same ones.
    const released = new Dexie(hearthDbName('ada'));
    released.version(1).stores({
      families: 'id',
      members: 'id, familyId, userId, [familyId+userId]',
      users: 'id',
      posts: 'id, familyId, [familyId+createdAt]',
      comments: 'id, postId, familyId',
      reactions: 'id, postId, familyId, [postId+userId]',
      outbox: 'seq, status',
      shadows: '[table+id], table',
      syncState: 'key',
    });
    released.version(2).stores({
      photos: 'id, familyId, [familyId+createdAt]',
      events: 'id, familyId, [familyId+startDate]',
    });
    await released.table('comments').put({ id: 'c1', postId: 'p1', familyId: 'f1', content: 'Kept' });
    // Version 2 kept refused writes in the outbox; version 3 moves them to a table of their own.
    await released
      .table('outbox')
      .bulkAdd([
        outboxEntry(1, 'sent'),
        { ...outboxEntry(2, 'pending'), status: 'rejected', reason: 'This post was deleted' },
        outboxEntry(3, 'pending'),
      ]);
    released.close();

    const db = openHearthDb('ada');
    expect(await db.comments.where('postId').equals('p1').primaryKeys()).toEqual(['c1']);
    // Version 12: a comment from before voice comments was words.
    expect((await db.comments.get('c1'))?.commentType).toBe('text');
    expect((await db.outbox.toArray()).map((entry) => [entry.seq, entry.status])).toEqual([
      [1, 'sent'],
      [3, 'pending'],
    ]);
    expect(await db.refusedWrites.toArray()).toEqual([
      expect.objectContaining({ id: 1, name: 'post.delete', reason: 'This post was deleted' }),
    ]);
    db.close();
    await Dexie.delete(hearthDbName('ada'));
  });

  it('seals the database for a sign-out: counted and closed to new writes at once', async () => {
    await storeOutbox('ada', ['sent', 'pending', 'pending'], 1);
    const db = openHearthDb('ada');
    expect(await sealForSignOut(db)).toBe(3);
    expect(await db.syncState.get('sealedForSignOut')).toEqual({ key: 'sealedForSignOut', value: true });
    db.close();
    await Dexie.delete(hearthDbName('ada'));
  });

  it('another tab deleting it closes this connection for good instead of re-creating the database', async () => {
    const otherTab = openHearthDb('ada');
    await otherTab.users.put({ id: 'ada', username: 'ada', firstName: null, lastName: null, profileImageUrl: null });

    await Dexie.delete(hearthDbName('ada'));

    await expect(otherTab.users.count()).rejects.toMatchObject({ name: Dexie.errnames.DatabaseClosed });
    await expect(otherTab.outbox.add(outboxEntry(1, 'pending'))).rejects.toMatchObject({
      name: Dexie.errnames.DatabaseClosed,
    });
    expect(await databaseNames()).not.toContain('hearth-ada');
  });

  it("signing out deletes the user's database and every other one that holds nothing unsent", async () => {
    const other = new Dexie('another-app');
    other.version(1).stores({ things: 'id' });
    await other.open();
    other.close();
    // Ada signs out. Grace's and Alan's sessions expired earlier; Grace still has a post that never reached the server.
    await storeOutbox('ada', ['pending'], 1);
    await storeOutbox('grace', ['sent', 'pending']);
    await storeOutbox('alan', ['sent']);
    await storeOutbox('edsger', []);
    expect(await databaseNames()).toEqual([
      'another-app',
      'hearth-ada',
      'hearth-alan',
      'hearth-edsger',
      'hearth-grace',
    ]);
    expect(await countUnsentWrites('ada')).toBe(2);

    await deleteHearthDbsAtSignOut('ada');

    expect(await databaseNames()).toEqual(['another-app', 'hearth-grace']);
    expect(await countUnsentWrites('grace')).toBe(1);
    await Dexie.delete(hearthDbName('grace'));
  });

  it('tells a full device from other failures, through Dexie’s wrapping too', () => {
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(isDeviceFull(full)).toBe(true);
    expect(isDeviceFull(new Dexie.AbortError('Transaction aborted', full))).toBe(true);
    expect(isDeviceFull(new Dexie.ConstraintError('Key already exists'))).toBe(false);
    expect(isDeviceFull(undefined)).toBe(false);
  });
});

function outboxEntry(seq: number, status: OutboxStatus): OutboxEntry {
  const name: MutationName = 'post.delete';
  return { seq, name, args: { postId: crypto.randomUUID() }, status, createdAt: new Date(0).toISOString() };
}

async function storeOutbox(userId: string, statuses: OutboxStatus[], refused = 0): Promise<void> {
  const db = openHearthDb(userId);
  await db.open();
  await db.outbox.bulkAdd(statuses.map((status, index) => outboxEntry(index + 1, status)));
  for (let index = 0; index < refused; index += 1) {
    const { name, args, createdAt } = outboxEntry(0, 'pending');
    await db.refusedWrites.add({ name, args, createdAt, reason: 'No' } as RefusedWrite);
  }
  db.close();
}
