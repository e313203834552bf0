// Dexie finds IndexedDB when it loads, so the in-memory one is installed before anything imports Dexie.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hearthDbName, openHearthDb } from '../../db/hearth-db.ts';
import { writeLocally } from '../../sync/write.ts';
import { toastStore } from '../../ui/toast-store.ts';
import { createMemoryStorage } from './testing/memory-storage.ts';
import { testUser } from './testing/test-user.ts';

const person = testUser('ada');
/** The real one also stops syncing and empties caches; what matters here is whether the database goes. */
const leaveDevice = vi.fn(async (userId: string) => {
  const { default: Dexie } = await import('dexie');
  await Dexie.delete(hearthDbName(userId));
});
vi.mock('../device-session/device-session.ts', () => ({ leaveDevice }));

const { leaveDeviceAfterSessionEnded, leaveDeviceWhenSessionsEnd } = await import('./session-ended.ts');
const { tellAboutKeptWrites } = await import('./kept-writes.ts');

async function databaseExists(): Promise<boolean> {
  const { default: Dexie } = await import('dexie');
  return (await Dexie.getDatabaseNames()).includes(hearthDbName(person.id));
}

async function personWrote({ sent }: { sent: boolean }) {
  const db = openHearthDb(person.id);
  await writeLocally(db, { signedInUser: person }, 'family.create', {
    familyId: crypto.randomUUID(),
    memberId: crypto.randomUUID(),
    name: 'The Lovelaces',
  });
  if (sent) await db.outbox.clear();
  db.close();
}

beforeEach(() => {
  vi.stubGlobal('localStorage', createMemoryStorage());
  leaveDevice.mockClear();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  const { default: Dexie } = await import('dexie');
  await Dexie.delete(hearthDbName(person.id));
  for (const shown of toastStore.getSnapshot()) toastStore.dismiss(shown.id);
});

describe('a session that ended', () => {
  it('takes the person’s data with it when everything they wrote was sent', async () => {
    await personWrote({ sent: true });
    await leaveDeviceAfterSessionEnded(person.id);
    expect(await databaseExists()).toBe(false);
    tellAboutKeptWrites(person.id);
    expect(toastStore.getSnapshot()).toEqual([]);
  });

  it('keeps writes not sent yet for their person, and says so once at their next sign-in', async () => {
    await personWrote({ sent: false });
    await leaveDeviceAfterSessionEnded(person.id);
    expect(leaveDevice).not.toHaveBeenCalled();
    expect(await databaseExists()).toBe(true);

    tellAboutKeptWrites(person.id);
    expect(toastStore.getSnapshot()).toEqual([
      expect.objectContaining({
        title: 'Your changes are on their way',
        description:
          'A change you made before you were signed out was kept on this device and is being sent to your family now.',
      }),
    ]);
    tellAboutKeptWrites(person.id);
    expect(toastStore.getSnapshot()).toHaveLength(1);
  });

  it('finishes at the next start what a tab closed half-way through leaving left behind', async () => {
    await personWrote({ sent: true });
    localStorage.setItem('hearth-session-ended', person.id);
    leaveDeviceWhenSessionsEnd();
    await vi.waitFor(() => expect(localStorage.getItem('hearth-session-ended')).toBeNull());
    expect(leaveDevice).toHaveBeenCalledWith(person.id);
    expect(await databaseExists()).toBe(false);
  });
});
