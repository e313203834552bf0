// Dexie's live queries only run when it found an IndexedDB at load time, so this comes before anything imports Dexie.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rejections } from '../../schema/rejections.ts';
import type { RefusedWrite } from '../db/hearth-db.ts';
import { createSyncEngine } from './sync-engine.ts';
import { createSyncNews, type SyncNews } from './sync-news.ts';
import { createFakeSyncServer } from './testing/fake-sync-server.ts';
import { createManualTimers } from './testing/manual-timers.ts';
import { createTestDb, testUser } from './testing/test-db.ts';
import { SyncTransportError } from './transport.ts';
import { writeLocally } from './write.ts';

const ada = testUser('ada');
const db = createTestDb();
const server = createFakeSyncServer();
server.addUser(ada);
const transport = server.transportFor(ada.id);
const engine = createSyncEngine({ db, userId: ada.id, transport, timers: createManualTimers().timers, random: () => 0.5 });

const tabs: SyncNews[] = [];
/** One tab's news; each has its own BroadcastChannel, as each browser tab would. */
function openTab(): SyncNews {
  const news = createSyncNews(ada.id);
  tabs.push(news);
  return news;
}

afterEach(async () => {
  engine.stop();
  await engine.whenSettled();
  for (const news of tabs.splice(0)) news.close();
});

describe('sync news between the tabs of one person', () => {
  it('shows the syncing tab’s status, refusals and call for an update in a tab that does not sync', async () => {
    const syncing = openTab();
    const other = openTab();
    const toasts: RefusedWrite[] = [];
    other.onRejected((write) => toasts.push(write));
    syncing.lead(engine);

    server.refuseNext('post.create', rejections.notMember);
    await writeLocally(db, { signedInUser: ada }, 'post.create', {
      postId: crypto.randomUUID(),
      familyId: crypto.randomUUID(),
      content: 'Nowhere to go',
    });
    engine.start();
    await vi.waitFor(() => expect(other.status.get().lastSyncedAt).not.toBeNull());
    expect(toasts).toEqual([expect.objectContaining({ name: 'post.create', reason: expect.any(String) })]);

    transport.failNext('pull', new SyncTransportError('update-required', '426: Please update Hearth'));
    engine.requestSync();
    await vi.waitFor(() => expect(other.status.get()).toMatchObject({ updateRequired: true, phase: 'stopped' }));

    // A tab opened later asks, and hears it too, though the engine has stopped.
    const later = openTab();
    await vi.waitFor(() => expect(later.status.get()).toMatchObject({ updateRequired: true }));
  });
});
