// Dexie finds IndexedDB when it loads, so the in-memory one is installed before anything imports Dexie.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveChannelPath } from '../../schema/sync.ts';
import { runSync, type SyncSession } from './run-sync.ts';
import { createWebLocks } from './testing/web-locks.ts';

const liveChannels: string[] = [];
class CountingEventSource extends EventTarget {
  constructor(url: string) {
    super();
    liveChannels.push(url);
  }
  close() {}
}

/** Lets every promise callback already queued run: an order of events, not a clock. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const sessions: SyncSession[] = [];
function start(userId: string, options: Parameters<typeof runSync>[1] = {}) {
  const session = runSync(userId, options);
  sessions.push(session);
  return session;
}

beforeEach(() => {
  liveChannels.length = 0;
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  vi.stubGlobal('EventSource', CountingEventSource);
  // A server with nothing new: these tests are about which tab syncs and when, not what it says.
  const nothingNew = { epoch: crypto.randomUUID(), lastAppliedSeq: 0, families: [], users: [], more: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(nothingNew))),
  );
});

afterEach(async () => {
  const stopped = sessions.splice(0);
  for (const session of stopped) await session.stop();
  for (const session of stopped) await session.db.delete();
  vi.unstubAllGlobals();
});

describe('runSync', () => {
  it('syncs from the one tab holding the lock, and hands over when that tab stops', async () => {
    vi.stubGlobal('navigator', { locks: createWebLocks() });
    const first = start('ada');
    const second = start('ada');
    await vi.waitFor(() => expect(liveChannels).toHaveLength(1));
    expect(first.db.name).toBe('hearth-ada');

    await first.stop();
    await vi.waitFor(() => expect(liveChannels).toHaveLength(2));
  });

  it('a tab signing out keeps the lock until its database is deleted, so no other tab syncs it meanwhile', async () => {
    const locks = createWebLocks();
    vi.stubGlobal('navigator', { locks });
    const signingOut = start('ada');
    start('ada');
    await vi.waitFor(() => expect(liveChannels).toHaveLength(1));

    let deleting = () => {};
    const deletionStarted = new Promise<void>((resolve) => {
      deleting = resolve;
    });
    let finishDeleting = () => {};
    const stopping = signingOut.stop(
      () =>
        new Promise<void>((resolve) => {
          finishDeleting = resolve;
          deleting();
        }),
    );
    await deletionStarted;
    await settled();
    const lock = [{ name: 'hearth-sync-ada' }];
    expect(await locks.query()).toEqual({ held: lock, pending: lock });
    expect(liveChannels).toHaveLength(1);

    finishDeleting();
    await stopping;
    await vi.waitFor(() => expect(liveChannels).toHaveLength(2));
  });

  it('a tab that stops while waiting for the lock never syncs', async () => {
    const locks = createWebLocks();
    vi.stubGlobal('navigator', { locks });
    const first = start('ada');
    const waiting = start('ada');
    await vi.waitFor(() => expect(liveChannels).toHaveLength(1));
    await waiting.stop();
    expect((await locks.query()).pending).toEqual([]);
    await first.stop();
    await settled();
    expect(await locks.query()).toEqual({ held: [], pending: [] });
    expect(liveChannels).toHaveLength(1);
  });

  it('syncs without a lock where Web Locks are missing, once the screens have had their turn', async () => {
    vi.stubGlobal('navigator', {});
    start('grace');
    expect(liveChannels).toEqual([]);
    await vi.waitFor(() => expect(liveChannels).toEqual([liveChannelPath]));
  });

  it('lets the screens go first on a device holding data, and starts at once on one that holds none', async () => {
    vi.stubGlobal('navigator', {});
    let screensDone = () => {};
    vi.stubGlobal(
      'window',
      Object.assign(new EventTarget(), {
        requestIdleCallback: (callback: () => void) => {
          screensDone = callback;
        },
      }),
    );
    start('grace');
    await settled();
    expect(liveChannels).toEqual([]);
    screensDone();
    await vi.waitFor(() => expect(liveChannels).toEqual([liveChannelPath]));

    start('hopper', { screensHaveData: false });
    await vi.waitFor(() => expect(liveChannels).toEqual([liveChannelPath, liveChannelPath]));
  });

  it('shows offline when the browser says so, and tries again when it is back', async () => {
    vi.stubGlobal('navigator', {});
    const { status } = start('grace');
    await vi.waitFor(() => expect(status.get().lastSyncedAt).not.toBeNull());
    expect(status.get().phase).toBe('idle');
    const requests = vi.mocked(fetch).mock.calls.length;

    window.dispatchEvent(new Event('offline'));
    expect(status.get().phase).toBe('offline');
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThan(requests));
  });
});
