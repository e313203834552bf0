import type { Queryable } from '../database.ts';

/** The one row of `sync_history` and where the database lives (sync-history.ts says what they mean together). */
export function createSyncHistoryRepository(sql: Queryable) {
  return {
    /** The database's oid, and the oid of this `sync_history` table (a restored dump makes the table anew). */
    async databaseAndTable(): Promise<{ oid: string; history: string } | undefined> {
      const [database] = await sql<{ oid: string; history: string }[]>`
        select oid::text, 'sync_history'::regclass::oid::text as history
        from pg_database where datname = current_database()
      `;
      return database;
    },

    /** Only superusers and pg_monitor may read the control file: for the others this fails. */
    systemIdentifier() {
      return sql<{ value: string }[]>`select system_identifier::text as value from pg_control_system()`;
    },

    /** As `systemIdentifier`, readable only by superusers and pg_monitor. */
    timeline() {
      return sql<{ value: string }[]>`select timeline_id::text as value from pg_control_checkpoint()`;
    },

    async recordedIdentity(): Promise<string | undefined> {
      const [current] = await sql<{ database_identity: string }[]>`select database_identity from sync_history`;
      return current?.database_identity;
    },

    /**
     * Changes the epoch only if it is still `epoch` and began at least `minimumAgeSeconds` ago: the row's lock makes
     * concurrent callers change it once.
     */
    async replaceEpoch(epoch: string, next: string, minimumAgeSeconds: number): Promise<void> {
      await sql`
        update sync_history set epoch = ${next}, started_at = now()
        where epoch = ${epoch} and started_at <= now() - make_interval(secs => ${minimumAgeSeconds})
      `;
    },

    async start(epoch: string, identity: string): Promise<void> {
      await sql`
        insert into sync_history (epoch, database_identity) values (${epoch}, ${identity})
        on conflict (singleton) do update
          set epoch = excluded.epoch, database_identity = excluded.database_identity, started_at = now()
      `;
    },
  };
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
