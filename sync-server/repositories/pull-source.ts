import type postgres from 'postgres';
import type { Queryable } from '../database.ts';

/**
 * How a pull reads one synced table: a `select version, id, row` of the family's rows with a version of at least
 * `from`, where `id` is the text id devices know the row by and `row` is built in exactly the table's synced row
 * shape (schema/synced-rows.ts). Each repository exports the source of its own table; pull-sources.ts lists them.
 */
export type PullSource = (sql: Queryable, familyId: string, from: number, pull: PullScope) => postgres.Fragment;

/** Who is pulling, and whether their device holds nothing of the family yet (most sources need neither). */
export type PullScope = { userId: string; fromStart: boolean };
