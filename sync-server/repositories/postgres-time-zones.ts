import type { Queryable } from '../database.ts';

let known: Promise<ReadonlySet<string>> | undefined;

/**
 * The time zone names PostgreSQL knows, read once per process: `pg_timezone_names` reads every zone file on each
 * query (40 ms of PostgreSQL's time, which a device's registration paid), and the list changes only with the
 * server's time zone data. A failed read is tried again next time.
 */
export function postgresTimeZones(sql: Queryable): Promise<ReadonlySet<string>> {
  known ??= sql<{ name: string }[]>`select name from pg_timezone_names`.then(
    (rows) => new Set(rows.map((row) => row.name)),
    (error: unknown) => {
      known = undefined;
      throw error;
    },
  );
  return known;
}
