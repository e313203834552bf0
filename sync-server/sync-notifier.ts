import postgres from 'postgres';
import { z } from 'zod';
import type { Sql } from './database.ts';
import { listenToChannel, notifyChannel } from './repositories/notify-channel.ts';

/** A family moved on to `version`: what a write publishes after its commit and live channels turn into pokes. */
export type FamilyChange = {
  familyId: string;
  version: number;
  /** Users who joined or left the family with this change: their live channels re-read their families. */
  membershipChanged: string[];
  /**
   * When only these members can see what changed (their own chat read position, a notification of theirs read):
   * only their devices are poked. A family of twenty reading a message would otherwise poke every device twenty
   * times, each poke a pull that finds nothing it may see.
   */
  seenOnlyBy?: string[];
};

export type SyncNotifier = {
  /** Tells every subscriber, on this instance and (Postgres) every other one. Call only after the commit. */
  publish(change: FamilyChange): Promise<void>;
  /** Answers the function that unsubscribes. */
  subscribe(listener: (change: FamilyChange) => void): () => void;
  /**
   * Calls `listener` whenever changes may have been published without reaching this instance's subscribers (the
   * connection that listens dropped and is back). Answers the function that unsubscribes.
   */
  onChangesMissed(listener: () => void): () => void;
  /**
   * Something of `userId`'s account changed (a session ended: signed out, ended from another device or by a password
   * change; or their profile changed): every instance forgets the sessions it trusted for them, and their live
   * streams check theirs at once instead of at the next heartbeat.
   */
  publishAccountChanged(userId: string): Promise<void>;
  onAccountChanged(listener: (userId: string) => void): () => void;
  close(): Promise<void>;
};

const channel = 'hearth_sync';

/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
const notifyPayloadMaxBytes = 7999;

/**
 * One change per family, at the highest version, with everyone whose membership changed in any of them: a batch of
 * a hundred writes to one family is one poke for each device, not a hundred pulls. It is seen by some only when every
 * change in it is.
 */
export function coalesceChanges(changes: FamilyChange[]): FamilyChange[] {
  const byFamily = new Map<string, FamilyChange>();
  for (const change of changes) {
    const earlier = byFamily.get(change.familyId);
    if (!earlier) {
      byFamily.set(change.familyId, change);
      continue;
    }
    // Seen by some only when each part is.
    const seenOnlyBy =
      earlier.seenOnlyBy && change.seenOnlyBy ? [...new Set([...earlier.seenOnlyBy, ...change.seenOnlyBy])] : null;
    byFamily.set(change.familyId, {
      familyId: change.familyId,
      version: Math.max(earlier.version, change.version),
      membershipChanged: [...new Set([...earlier.membershipChanged, ...change.membershipChanged])],
      ...(seenOnlyBy ? { seenOnlyBy } : {}),
    });
  }
  return [...byFamily.values()];
}

/**
 * Publishes committed changes, coalesced, without making the writer wait or fail: a lost poke only delays other
 * devices until their next pull (every `livePullMs` with the live channel open, `fallbackPullMs` without), while the
 * write itself is already safe.
 */
export function publishChanges(
  notifier: SyncNotifier,
  changes: FamilyChange[],
  log: { warn(report: object, message: string): void },
): void {
  for (const change of coalesceChanges(changes)) {
    notifier.publish(change).catch((error: unknown) => log.warn({ err: error, change }, 'could not publish a change'));
  }
}

/**
 * The notification payloads of one change, each under PostgreSQL's limit: a change naming many users (a family
 * emptied in one batch) is split into several with the same family and version, the users shared out between them.
 */
export function notificationPayloads(change: FamilyChange): string[] {
  const payload = JSON.stringify(change);
  if (Buffer.byteLength(payload) <= notifyPayloadMaxBytes || change.membershipChanged.length <= 1) return [payload];
  const half = Math.ceil(change.membershipChanged.length / 2);
  return [
    ...notificationPayloads({ ...change, membershipChanged: change.membershipChanged.slice(0, half) }),
    ...notificationPayloads({ ...change, membershipChanged: change.membershipChanged.slice(half) }),
  ];
}

const familyChangeSchema = z.object({
  familyId: z.string(),
  version: z.number(),
  membershipChanged: z.array(z.string()),
  seenOnlyBy: z.array(z.string()).optional(),
});

const accountChangedSchema = z.object({ accountChangedOf: z.string() });

/** Anyone with database access can notify the channel: anything that is neither message is ignored. */
function parseMessage(payload: string): { change: FamilyChange } | { accountChangedOf: string } | null {
  try {
    const message: unknown = JSON.parse(payload);
    const change = familyChangeSchema.safeParse(message);
    if (change.success) return { change: change.data };
    const account = accountChangedSchema.safeParse(message);
    return account.success ? account.data : null;
  } catch {
    return null;
  }
}

function createListeners<Event>() {
  const listeners = new Set<(event: Event) => void>();
  return {
    add(listener: (event: Event) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: Event): void {
      for (const listener of listeners) listener(event);
    },
    clear(): void {
      listeners.clear();
    },
  };
}

/**
 * Between server instances through PostgreSQL: every instance LISTENs on one channel, on a connection of its own, and
 * a publish is a `pg_notify` that every listener, this one included, receives after the commit. Resolves once the
 * LISTEN is in place, so no change published afterwards is missed unless that connection drops; then it listens
 * again as soon as the database lets it, and `onChangesMissed` reports it.
 */
export async function createPostgresNotifier(sql: Sql): Promise<SyncNotifier> {
  const changes = createListeners<FamilyChange>();
  const missed = createListeners<void>();
  const accountChanged = createListeners<string>();
  const listening = await listenThroughDrops(
    sql,
    (payload) => {
      const message = parseMessage(payload);
      if (message && 'change' in message) changes.emit(message.change);
      else if (message) accountChanged.emit(message.accountChangedOf);
    },
    // Whatever was published between the drop and now went nowhere.
    () => missed.emit(),
  );
  return {
    async publish(change) {
      for (const payload of notificationPayloads(change)) await notify(sql, payload);
    },
    subscribe: changes.add,
    onChangesMissed: missed.add,
    async publishAccountChanged(userId) {
      await notify(sql, JSON.stringify({ accountChangedOf: userId }));
    },
    onAccountChanged: accountChanged.add,
    async close() {
      changes.clear();
      missed.clear();
      accountChanged.clear();
      await listening.close();
    },
  };
}

/** What `sql.notify` does, as a statement of the pool's own, which connect (database.ts) looks after. */
async function notify(sql: Sql, payload: string): Promise<void> {
  await notifyChannel(sql, channel, payload);
}

/**
 * LISTENs on a connection of its own, and after every drop listens again until it is back; `onBack` is told each
 * time. postgres.js's own `sql.listen` tries again only when its connection closes: when a second drop hits while it
 * asks to listen again, the reconnected connection hands that try the dead session's error and stays open, not
 * listening, for good (docs/upstream/postgres-js-dropped-connections.md). Here a failed try is tried again.
 * The connection has the pool's settings, made the way `sql.listen` makes its own, and `onnotify` is the option
 * through which postgres.js hands notifications over.
 */
async function listenThroughDrops(
  sql: Sql,
  onPayload: (payload: string) => void,
  onBack: () => void,
): Promise<{ close(): Promise<void> }> {
  let closing = false;
  let drops = 0;
  let relistening = false;
  const connection = postgres({
    ...sql.options,
    max: 1,
    idle_timeout: null,
    max_lifetime: null,
    fetch_types: false,
    onnotify: (name: string, payload: string) => {
      if (name === channel) onPayload(payload);
    },
    onclose: () => {
      drops += 1;
      if (!closing) void listenAgain();
    },
  } as unknown as postgres.Options<Record<string, never>>);
  const listen = () => listenToChannel(connection, channel);

  async function listenAgain(): Promise<void> {
    if (relistening) return;
    relistening = true;
    for (let attempt = 0; !closing; attempt += 1) {
      const dropsBefore = drops;
      try {
        await listen();
        // Unless it dropped again while answering, it is listening.
        if (drops === dropsBefore) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 5000)).unref());
      }
    }
    relistening = false;
    if (!closing) onBack();
  }

  try {
    await listen();
  } catch (error) {
    closing = true;
    await connection.end({ timeout: 0 });
    throw error;
  }
  return {
    async close() {
      closing = true;
      await connection.end({ timeout: 5 });
    },
  };
}

/**
 * Within this process only: for the embedded PGlite, a single backend where a LISTEN connection would hold the one
 * connection there is (and which only ever has one server process in front of it anyway). Nothing is ever missed.
 */
export function createLocalNotifier(): SyncNotifier {
  const changes = createListeners<FamilyChange>();
  const accountChanged = createListeners<string>();
  return {
    async publish(change) {
      // Delivered on a later tick, like a notification from the database: a publisher never runs listeners inline.
      setImmediate(() => changes.emit(change));
    },
    subscribe: changes.add,
    onChangesMissed: () => () => {},
    async publishAccountChanged(userId) {
      setImmediate(() => accountChanged.emit(userId));
    },
    onAccountChanged: accountChanged.add,
    async close() {
      changes.clear();
      accountChanged.clear();
    },
  };
}
