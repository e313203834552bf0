import type { Transaction } from '../database.ts';

/** The ledger of applied migration files, kept inside the migrations' own transaction (migrate.ts). */
export function createMigrationRepository(tx: Transaction) {
  return {
    /**
     * Holds the migrations' advisory lock to the end of the transaction, so instances starting together take turns.
     * It comes before the ledger exists: two concurrent `create table if not exists` can still collide.
     */
    async takeTurn(): Promise<void> {
      await tx`select pg_advisory_xact_lock(7317706125)`;
    },

    /** The versions applied so far, after making the ledger on a database that has none yet. */
    async appliedVersions(): Promise<Set<number>> {
      await tx`
        create table if not exists schema_migrations (
          version int primary key,
          name text not null,
          applied_at timestamptz not null default now()
        )
      `;
      const rows = await tx<{ version: number }[]>`select version from schema_migrations`;
      return new Set(rows.map((row) => row.version));
    },

    async apply(migration: { version: number; name: string; text: string }): Promise<void> {
      // The simple protocol runs a file of many statements in one round trip, on PostgreSQL and PGlite alike.
      await tx.unsafe(migration.text).simple();
      await tx`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
    },

    async hasTable(name: string): Promise<boolean> {
      const [table] = await tx<{ exists: boolean }[]>`select to_regclass(${name}) is not null as exists`;
      return table?.exists ?? false;
    },
  };
}
