// Dexie finds IndexedDB when it loads, so the in-memory one is installed before anything imports Dexie.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hearthDbName } from '../../db/hearth-db.ts';
import { runSync } from '../../sync/run-sync.ts';
import { createWebLocks } from '../../sync/testing/web-locks.ts';
import { appUpdateStore } from '../../sw/app-update-store.ts';
import { deviceSessionStore } from './device-session-store.ts';
import { endDeviceSession, startDeviceSession } from './device-session.ts';
import { syncStatusStore } from './sync-status-store.ts';
import { testUser } from '../account/testing/test-user.ts';


const liveChannels: string[] = [];
class CountingEventSource extends EventTarget {
  constructor(url: string) {
    super();
    liveChannels.push(url);
  }
  close() {}
}

beforeEach(() => {
  liveChannels.length = 0;
  vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { pathname: '/', search: '' } }));
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  vi.stubGlobal('navigator', { locks: createWebLocks(), onLine: true });
  vi.stubGlobal('EventSource', CountingEventSource);
});

afterEach(async () => {
  await endDeviceSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the device session', () => {
  it("says the device's storage cannot be used instead of loading forever, and lets go of the sync lock", async () => {
    const grace = testUser('grace');
    // A database a newer Hearth made, without the tables this version uses.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(hearthDbName(grace.id), 1000);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    await startDeviceSession(grace);

    expect(deviceSessionStore.get()).toEqual({ db: null, storageUnavailable: true });
    // The sync lock was released: another tab of the same person can take it.
    const otherTab = runSync(grace.id);
    await vi.waitFor(() => expect(liveChannels.length).toBeGreaterThan(0));
    await otherTab.stop();
    await Dexie.delete(hearthDbName(grace.id));
  });

  it('in a tab that does not sync, shows what the syncing tab reports: here, a required update', async () => {
    const ada = testUser('ada');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Please update Hearth', code: 'update_required' }, { status: 426 })),
    );
    const syncingTab = runSync(ada.id);
    await vi.waitFor(() => expect(syncingTab.status.get().updateRequired).toBe(true));

    await startDeviceSession(ada);

    expect(deviceSessionStore.get().db?.name).toBe(hearthDbName(ada.id));
    await vi.waitFor(() =>
      expect(syncStatusStore.get()).toMatchObject({ updateRequired: true, failing: false, syncing: false }),
    );
    expect(appUpdateStore.get().updateRequired).toBe(true);
    expect(liveChannels).toHaveLength(1);

    await endDeviceSession();
    await syncingTab.stop();
    await Dexie.delete(hearthDbName(ada.id));
  });
});
