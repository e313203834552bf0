import { createExternalStore } from '../lib/external-store.ts';
import { createListeners } from './listeners.ts';
import type { RefusedWrite } from '../db/hearth-db.ts';
import type { SyncEngine, SyncEngineStatus } from './sync-engine.ts';

type SyncNewsMessage =
  | { type: 'status'; status: SyncEngineStatus }
  | { type: 'rejected'; write: RefusedWrite }
  /** Sent by a tab that just opened: the syncing tab answers with its status. */
  | { type: 'ask' };

/**
 * Only the tab holding the sync lock runs the engine (run-sync.ts), yet every tab of the person shows what it is
 * doing, the writes it refused ("Not sent") and its call for an update. The syncing tab tells the others on the
 * BroadcastChannel `hearth-sync-<userId>`, and every tab, syncing or not, reads the news from here.
 */
export function createSyncNews(userId: string) {
  const status = createExternalStore<SyncEngineStatus>({ phase: 'idle', updateRequired: false, lastSyncedAt: null });
  const rejected = createListeners<RefusedWrite>();
  // Where it is missing (browsers before 2022), a tab that does not sync only sees what the database shows.
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`hearth-sync-${userId}`) : null;
  let leading = false;

  function send(message: SyncNewsMessage): void {
    channel?.postMessage(message);
  }

  channel?.addEventListener('message', (event: MessageEvent<SyncNewsMessage>) => {
    const message = event.data;
    if (message.type === 'status') status.set(message.status);
    else if (message.type === 'rejected') rejected.tell(message.write);
    else if (message.type === 'ask' && leading) send({ type: 'status', status: status.get() });
  });
  send({ type: 'ask' });

  return {
    status: { get: status.get, subscribe: status.subscribe },
    /** Called once per write the server refused, in every tab. Returns the unsubscribe function. */
    onRejected: rejected.add,
    /** This tab syncs now: its engine's news is every tab's. Returns the function that ends that. */
    lead(engine: SyncEngine): () => void {
      leading = true;
      const publishStatus = () => {
        status.set(engine.status.get());
        send({ type: 'status', status: engine.status.get() });
      };
      const unsubscribeStatus = engine.status.subscribe(publishStatus);
      publishStatus();
      const unsubscribeRejected = engine.onRejected((write) => {
        rejected.tell(write);
        send({ type: 'rejected', write });
      });
      return () => {
        leading = false;
        unsubscribeStatus();
        unsubscribeRejected();
      };
    },
    close(): void {
      channel?.close();
      rejected.clear();
    },
  };
}

export type SyncNews = ReturnType<typeof createSyncNews>;
