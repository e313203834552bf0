import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Sql } from './database.ts';

/** A family moved on to `version`: what a write publishes after its commit and live channels turn into pokes. */
export type FamilyChange = {
  familyId: string;
  version: number;
  /** Users who joined or left the family with this change: their live channels re-read their families. */
  membershipChanged: string[];
};

export type SyncNotifier = {
  /** Tells every subscriber, on this instance and (Postgres) every other one. Call only after the commit. */
  publish(change: FamilyChange): Promise<void>;
  /** Answers the function that unsubscribes. */
  subscribe(listener: (change: FamilyChange) => void): () => void;
  close(): Promise<void>;
};

const channel = 'hearth_sync';

/**
 * Publishes committed changes without making the writer wait or fail: a lost poke only delays other devices until
 * their next pull (they pull every `fallbackPullMs` anyway), while the write itself is already safe.
 */
export function publishChanges(notifier: SyncNotifier, changes: FamilyChange[], log: FastifyBaseLogger): void {
  for (const change of changes) {
    notifier.publish(change).catch((error: unknown) => log.warn({ err: error, change }, 'could not publish a change'));
  }
}

const familyChangeSchema = z.object({
  familyId: z.string(),
  version: z.number(),
  membershipChanged: z.array(z.string()),
});

/** Anyone with database access can notify the channel: anything that is not a change is ignored. */
function parseChange(payload: string): FamilyChange | null {
  try {
    const parsed = familyChangeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function createListeners() {
  const listeners = new Set<(change: FamilyChange) => void>();
  return {
    add(listener: (change: FamilyChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(change: FamilyChange): void {
      for (const listener of listeners) listener(change);
    },
    clear(): void {
      listeners.clear();
    },
  };
}

/**
 * Between server instances through PostgreSQL: every instance LISTENs on one channel (postgres.js keeps a dedicated
 * connection for it and reconnects it), and a publish is a `pg_notify` that every listener, this one included,
 * receives after the commit. Resolves once the LISTEN is in place, so no change published afterwards is missed.
 */
export async function createPostgresNotifier(sql: Sql): Promise<SyncNotifier> {
  const listeners = createListeners();
  const subscription = await sql.listen(channel, (payload) => {
    const change = parseChange(payload);
    if (change) listeners.emit(change);
  });
  return {
    async publish(change) {
      await sql.notify(channel, JSON.stringify(change));
    },
    subscribe: listeners.add,
    async close() {
      listeners.clear();
      await subscription.unlisten();
    },
  };
}

/**
 * Within this process only: for the embedded PGlite, a single backend where a LISTEN connection would hold the one
 * connection there is (and which only ever has one server process in front of it anyway).
 */
export function createLocalNotifier(): SyncNotifier {
  const listeners = createListeners();
  return {
    async publish(change) {
      // Delivered on a later tick, like a notification from the database: a publisher never runs listeners inline.
      setImmediate(() => listeners.emit(change));
    },
    subscribe: listeners.add,
    async close() {
      listeners.clear();
    },
  };
}
