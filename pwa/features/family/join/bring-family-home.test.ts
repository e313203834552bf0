// Dexie finds IndexedDB when it loads, so the in-memory one is installed before anything imports Dexie.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { HearthDb } from '../../../db/hearth-db.ts';
import { createTestDb } from '../../../sync/testing/test-db.ts';
import { waitForFamily } from './bring-family-home.ts';

const familyId = crypto.randomUUID();
const family = {
  id: familyId,
  name: 'The Smiths',
  description: null,
  createdById: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

let db: HearthDb;

afterEach(async () => {
  await db.delete();
});

describe('waitForFamily', () => {
  it('answers as soon as the joined family reaches the device', async () => {
    db = createTestDb();
    const arrived = waitForFamily(db, familyId, 5000);
    setTimeout(() => void db.families.put(family), 20);
    await expect(arrived).resolves.toBe(true);
  });

  it('answers at once for a family already on the device', async () => {
    db = createTestDb();
    await db.families.put(family);
    await expect(waitForFamily(db, familyId, 5000)).resolves.toBe(true);
  });

  it('gives up after the wait when the family has not arrived', async () => {
    db = createTestDb();
    await db.families.put({ ...family, id: crypto.randomUUID(), name: 'Another family' });
    await expect(waitForFamily(db, familyId, 50)).resolves.toBe(false);
  });
});
