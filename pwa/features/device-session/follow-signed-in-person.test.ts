// Dexie finds IndexedDB when it loads, so the in-memory one is installed before anything imports Dexie.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hearthDbName } from '../../db/hearth-db.ts';
import { createWebLocks } from '../../sync/testing/web-locks.ts';
import { forgetSignedInUser, setSignedInUser } from '../account/auth-store.ts';
import { testUser } from '../account/testing/test-user.ts';
import { deviceSessionStore } from './device-session-store.ts';
import { endDeviceSession } from './device-session.ts';
import { followSignedInPerson } from './follow-signed-in-person.ts';

const requested: string[] = [];

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    'window',
    Object.assign(new EventTarget(), {
      location: { pathname: '/', search: '' },
    }),
  );
  vi.stubGlobal(
    'document',
    Object.assign(new EventTarget(), {
      visibilityState: 'visible',
      getElementById: () => null,
    }),
  );
  vi.stubGlobal('navigator', { locks: createWebLocks(), onLine: true });
  vi.stubGlobal(
    'EventSource',
    class extends EventTarget {
      close() {}
    },
  );
  // A server that is down: the engine's requests are only counted.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      return new Response(null, { status: 503 });
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  await endDeviceSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('following who is signed in', () => {
  it("opens the person's database and sends the first pull once they are known, before any screen asks", async () => {
    const grace = testUser('grace');
    const stopFollowing = followSignedInPerson();

    setSignedInUser(grace);

    await vi.waitFor(() => expect(requested).toContain('/api/sync/pull'));
    const db = deviceSessionStore.get().db;
    expect(db?.name).toBe(hearthDbName(grace.id));

    // A profile saved: the same person, the same session.
    setSignedInUser({ ...grace, firstName: 'Gracie' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deviceSessionStore.get().db).toBe(db);

    forgetSignedInUser();
    await vi.waitFor(() => expect(deviceSessionStore.get().db).toBeNull());
    stopFollowing();
    await Dexie.delete(hearthDbName(grace.id));
  });
});
