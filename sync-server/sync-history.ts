import { randomUUID } from 'node:crypto';
import type { Sql, Transaction } from './database.ts';
import { createSyncHistoryRepository, currentEpoch } from './repositories/sync-history-repository.ts';

/**
 * The identity of the server's history (docs/decisions/0011-server-history-and-device-owner.md). Devices remember the
 * epoch they synced with; a push or pull naming another one (or a push naming none) is answered 409 and the device
 * starts over. A history ends when the database is restored from a backup, copied or moved: the database then sits
 * somewhere else (another cluster, another database oid, a new timeline after a point-in-time recovery) or its
 * `sync_history` table is another one (a dump restored into the same database, docs/decisions/0037), which
 * `settleSyncHistory` notices at start. One that leaves every mark as it was (a file-system snapshot put back in
 * place, a copied data directory of the embedded database) is told by the devices themselves: one that names more
 * than the database holds has seen a history that is gone (`startNewHistoryAfter`, docs/decisions/0050).
 */

/**
 * Where the database lives, as far as PostgreSQL will say to this role, and which `sync_history` table this is
 * (docs/decisions/0037-a-restore-noticed-by-itself.md): a restore into the same database (`pg_restore --clean`)
 * drops the table and creates it again, and a new table never has an old one's oid.
 */
async function databaseIdentity(tx: Transaction): Promise<string> {
  const history = createSyncHistoryRepository(tx);
  const database = await history.databaseAndTable();
  // Only superusers and pg_monitor may read the control file: without them, the oid alone still tells a dump
  // restored into a new database, the most common restore.
  const readable = async (query: () => Promise<{ value: string }[]>) => {
    try {
      return (await tx.savepoint(query))[0]?.value ?? '-';
    } catch {
      return '-';
    }
  };
  const system = await readable(() => history.systemIdentifier());
  const timeline = await readable(() => history.timeline());
  return `${system}/${database?.oid ?? '-'}/${timeline}/${database?.history ?? '-'}`;
}

/**
 * Keeps the epoch while the database is where it was, and starts a new history when it is not (or was never
 * recorded). Runs inside the migrations' transaction, under their advisory lock, so instances starting together
 * agree. Answers whether a new history began.
 */
export async function settleSyncHistory(tx: Transaction): Promise<boolean> {
  const history = createSyncHistoryRepository(tx);
  const identity = await databaseIdentity(tx);
  if ((await history.recordedIdentity()) === identity) return false;
  await history.start(randomUUID(), identity);
  return true;
}

/** The operator says the database was restored in place: every device starts over at its next sync. */
export async function startNewSyncHistory(tx: Transaction): Promise<void> {
  await createSyncHistoryRepository(tx).start(randomUUID(), await databaseIdentity(tx));
}

/**
 * A history a device's word may end must be this old (docs/decisions/0050): any signed-in person's app could claim
 * to be a witness, and each new history costs every device a full download, so one person can cause at most one an
 * hour. A younger history keeps its epoch, and the witness starts over alone.
 */
export const witnessedHistoryMinimumAgeSeconds = 3600;

/**
 * A device proved the database went back in time (docs/decisions/0050-devices-witness-a-database-put-back.md):
 * begins a new history unless one already began after `epoch` (or `epoch` is too young to end by a device's word),
 * and answers the epoch now. The row's lock makes it one at a time: witnesses at once on any number of instances
 * start one new history, and the others find it begun.
 */
export async function startNewHistoryAfter(sql: Sql, epoch: string): Promise<string> {
  return sql.begin(async (tx) => {
    await createSyncHistoryRepository(tx).replaceEpoch(epoch, randomUUID(), witnessedHistoryMinimumAgeSeconds);
    return currentEpoch(tx);
  });
}
