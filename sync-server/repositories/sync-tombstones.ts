import type postgres from 'postgres';
import type { SyncedTable } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';

/**
 * The two things every synced write does to `sync_tombstones`, written once. Both take the statement that touches
 * the synced table as a fragment answering `family_id` and `row_id` (the id devices know the row by), and run it
 * with the tombstone work in one statement.
 */

/**
 * Runs `insert` (an `insert … returning family_id, <id> as row_id`) and deletes the tombstone of each row it put:
 * a row put again under an id devices saw deleted (a reaction set, unset and set again) must win over that delete.
 * Answers whether a row was put (false when `on conflict do nothing` skipped it).
 */
export async function putClearingTombstone(sql: Queryable, table: SyncedTable, insert: postgres.Fragment) {
  const [row] = await sql<{ put: number }[]>`
    with put as (${insert}), cleared as (
      delete from sync_tombstones t using put
      where t.family_id = put.family_id and t.table_name = ${table} and t.row_id = put.row_id
    )
    select count(*)::int as put from put
  `;
  return row?.put === 1;
}

/**
 * Tombstones at `version` every row `rows` answers: a `delete … returning family_id, <id> as row_id`, or a select of
 * rows a foreign-key cascade is about to take. A row deleted before keeps one tombstone, at the newer version and
 * time (housekeeping lets tombstones go by their age).
 */
export async function recordTombstones(
  sql: Queryable,
  table: SyncedTable,
  version: number,
  rows: postgres.Fragment,
): Promise<void> {
  await sql`
    with gone as (${rows})
    insert into sync_tombstones (family_id, table_name, row_id, version)
    select family_id, ${table}, row_id, ${version}::bigint from gone
    on conflict (family_id, table_name, row_id) do update set version = excluded.version, deleted_at = excluded.deleted_at
  `;
}
