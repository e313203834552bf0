import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { SyncedUser } from '../../../schema/sync.ts';
import { HearthDb } from '../../db/hearth-db.ts';

/** A database of its own for one test: a fresh in-memory IndexedDB, so tests never see each other's rows. */
export function createTestDb(): HearthDb {
  return new HearthDb(`hearth-test-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

export function testUser(username: string): SyncedUser {
  return { id: crypto.randomUUID(), username, firstName: null, lastName: null, profileImageUrl: null };
}
