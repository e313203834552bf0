import type postgres from 'postgres';
import type { Queryable } from '../database.ts';

/**
 * A family's list as one of its members reads it, the membership checked in the same query (on a small read, a
 * round trip to PostgreSQL is much of the cost): null when `userId` is not a member of `familyId`, which
 * the routes answer as not found. `list` selects the rows, each with a non-null `id`; `order` orders them by its
 * columns, named `listed.<column>`.
 */
export async function listSeenByMember<Row extends { id: string }>(
  sql: Queryable,
  { familyId, userId }: { familyId: string; userId: string },
  list: postgres.Fragment,
  order: postgres.Fragment,
): Promise<Row[] | null> {
  // A member with nothing listed gets one row of nulls from the left join; someone else gets no row at all.
  const rows = await sql<(Row | { id: null })[]>`
    select listed.* from (select 1 from family_members where family_id = ${familyId} and user_id = ${userId}) member
    left join lateral (${list}) listed on true
    order by ${order}
  `;
  if (rows.length === 0) return null;
  return rows.filter((row): row is Row => row.id !== null);
}
