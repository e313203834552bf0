import { randomUUID } from 'node:crypto';
import type { Queryable, Transaction } from './database.ts';

/**
 * The identity of the server's history (docs/decisions/0011-server-history-and-device-owner.md). Devices remember the
 * epoch they synced with; a push or pull naming another one is answered 409 and the device starts over. A history
 * ends when the database is restored from a backup, copied or moved: the database then sits somewhere else (another
 * cluster, another database oid, a new timeline after a point-in-time recovery), which `settleSyncHistory` notices at
 * start. A restore it cannot notice (a file-system snapshot put back in place) is announced by the operator with
 * `npm run migrate -- --restored`.
 */

/** Where the database lives, as far as PostgreSQL will say to this role. */
async function databaseIdentity(tx: Transaction): Promise<string> {
  const [database] = await tx<{ oid: string }[]>`
    select oid::text from pg_database where datname = current_database()
  `;
  // Only superusers and pg_monitor may read the control file: without them, the oid alone still tells a dump
  // restored into a new database, the most common restore.
  const readable = async (query: () => Promise<{ value: string }[]>) => {
    try {
      return (await tx.savepoint(query))[0]?.value ?? '-';
    } catch {
      return '-';
    }
  };
  const system = await readable(() => tx`select system_identifier::text as value from pg_control_system()`);
  const timeline = await readable(() => tx`select timeline_id::text as value from pg_control_checkpoint()`);
  return `${system}/${database?.oid ?? '-'}/${timeline}`;
}

/**
 * Keeps the epoch while the database is where it was, and starts a new history when it is not (or was never
 * recorded). Runs inside the migrations' transaction, under their advisory lock, so instances starting together
 * agree. Answers whether a new history began.
 */
export async function settleSyncHistory(tx: Transaction): Promise<boolean> {
  const identity = await databaseIdentity(tx);
  const [current] = await tx<{ database_identity: string }[]>`select database_identity from sync_history`;
  if (current?.database_identity === identity) return false;
  await startNewHistory(tx, identity);
  return true;
}

/** The operator says the database was restored in place: every device starts over at its next sync. */
export async function startNewSyncHistory(tx: Transaction): Promise<void> {
  await startNewHistory(tx, await databaseIdentity(tx));
}

async function startNewHistory(tx: Transaction, identity: string): Promise<void> {
  await tx`
    insert into sync_history (epoch, database_identity) values (${randomUUID()}, ${identity})
    on conflict (singleton) do update
      set epoch = excluded.epoch, database_identity = excluded.database_identity, started_at = now()
  `;
}

/** The current epoch as a subquery, for a read that needs it with something else (a device's state). */
export function epochQuery(sql: Queryable) {
  return sql`select epoch from sync_history`;
}

/** The current epoch; the migrations made one before the server started serving. */
export async function currentEpoch(sql: Queryable): Promise<string> {
  const [row] = await sql<{ epoch: string }[]>`${epochQuery(sql)}`;
  if (!row) throw new Error('sync_history is empty: run the migrations before serving');
  return row.epoch;
}
