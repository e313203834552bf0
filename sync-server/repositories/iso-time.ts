import type postgres from 'postgres';
import type { Queryable } from '../database.ts';

/**
 * An instant as the API writes it everywhere, `Date#toISOString()`'s form (UTC, milliseconds, `Z`), made by
 * PostgreSQL: its JSON would write `2026-01-02T03:04:05.678912+00:00`, and rewriting that in JavaScript means
 * parsing the JSON first. `MS` cuts the microseconds off as Date does; about 0.4 µs a time.
 */
export function isoTime(sql: Queryable, column: postgres.Fragment) {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
