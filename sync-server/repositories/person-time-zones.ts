import type { Queryable } from '../database.ts';

/**
 * Where each person is, for what comes "at 8:00 where they are" (birthdays, the email digest): the time zone their
 * most recently seen device said (decision 0023). A query's `with` clause, `person_zones (user_id, time_zone)`; a
 * person no device of whose said one is not in it (UTC then).
 */
export function personTimeZones(sql: Queryable) {
  return sql`
    person_zones as (
      select distinct on (d.user_id) d.user_id, d.time_zone from sync_devices d
      where d.time_zone is not null order by d.user_id, d.last_seen_at desc
    )
  `;
}
