import type { NotificationType } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { personTimeZones } from '../repositories/person-time-zones.ts';
import { postgresTimeZones } from '../repositories/postgres-time-zones.ts';
import { writeToFamily } from '../mutators/access.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';

/**
 * When Hearth tells of what nobody's write causes (decision 0023):
 * - an event the day before (24 hours before a timed one; at 9:00 the day before, in the event's time zone, for one
 *   lasting whole days) and an hour before a timed one, to every member who has not said they cannot come, but only
 *   if the event existed by then (an event planned this morning for tonight gets no "tomorrow");
 * - a birthday on its day from 8:00 where each member is (their most recently seen device's time zone, else UTC).
 * Each occasion is told to each person once (`occasions_told`), so runs may repeat, overlap on several instances or
 * catch up after a restart: the first to record a person tells them, under the family's lock.
 */
export const occasionPolicy = {
  allDayReminderHour: 9,
  birthdayHour: 8,
  /** Occasions are looked for this far ahead; the earliest reminder is a day before. */
  lookAheadDays: 2,
  /** An occasion is only ever due within a day or two, so remembering it was told longer helps nothing. */
  toldKeptDays: 3,
};

type Occasion = {
  occasion: string;
  familyId: string;
  type: NotificationType;
  relatedId: string;
  actorId: string | null;
  excerpt: string;
  /** Members not yet told. */
  recipients: string[];
};

/** The reminders due at `now` that someone has not been given yet. */
async function dueReminders(sql: Sql, now: Date): Promise<Occasion[]> {
  // An event's zone was checked by the browser's list when it was written; PostgreSQL's may lack it (then UTC), and
  // reading PostgreSQL's list on each run cost 40 ms of its time.
  const zones = [...(await postgresTimeZones(sql))];
  return sql<Occasion[]>`
    with upcoming as (
      select e.id, e.family_id, e.title, e.start_date, e.all_day, e.created_at,
        e.start_date at time zone 'UTC' as start_utc,
        case when e.time_zone = any(${zones}::text[]) then e.time_zone else 'UTC' end as zone
      from events e
      where e.start_date > ${now}::timestamptz - interval '1 day'
        and e.start_date <= ${now}::timestamptz + make_interval(days => ${occasionPolicy.lookAheadDays})
    ), moments as (
      select u.*, 'event_tomorrow' as type,
        case when u.all_day
          then (u.start_utc::date - 1 + make_time(${occasionPolicy.allDayReminderHour}, 0, 0)) at time zone u.zone
          else u.start_date - interval '1 day' end as due,
        -- "Tomorrow" stops being true an hour before a timed event (the next reminder takes over), and once the
        -- day of one lasting whole days has begun where it happens.
        case when u.all_day then u.start_utc::date at time zone u.zone else u.start_date - interval '1 hour' end
          as until
      from upcoming u
      union all
      select u.*, 'event_soon', u.start_date - interval '1 hour', u.start_date
      from upcoming u where not u.all_day
    ), keyed as (
      -- A moved event is a new occasion: its reminders are told again for the new time.
      select m.*, 'event:' || m.id || ':' || m.type || ':' || extract(epoch from m.start_date)::bigint as occasion
      from moments m
    )
    select m.occasion, m.family_id as "familyId", m.type, m.id as "relatedId", null as "actorId", m.title as excerpt,
      array(
        select fm.user_id from family_members fm
        where fm.family_id = m.family_id
          and not exists (
            select 1 from event_attendees a
            where a.event_id = m.id and a.user_id = fm.user_id and a.status = 'not_attending'
          )
          and not exists (
            select 1 from occasions_told t
            where t.user_id = fm.user_id and t.occasion = m.occasion
          )
      ) as recipients
    from keyed m
    where m.due <= ${now} and ${now} < m.until and m.created_at < m.due
  `;
}

/** The birthdays whose day it is, from 8:00, for members not told yet: one occasion per person and year. */
async function dueBirthdays(sql: Sql, now: Date): Promise<Occasion[]> {
  return sql<Occasion[]>`
    with ${personTimeZones(sql)}, members as (
      select m.family_id, m.user_id, ${now}::timestamptz at time zone coalesce(z.time_zone, 'UTC') as local_time
      from family_members m left join person_zones z on z.user_id = m.user_id
    ), birthdays as (
      select m.family_id, m.user_id as recipient, b.id as birthday_id, b.birthday, m.local_time,
        'birthday:' || b.id || ':' || extract(year from m.local_time) as occasion
      from members m
      join family_members bm on bm.family_id = m.family_id and bm.user_id <> m.user_id
      join users b on b.id = bm.user_id and b.birthday is not null
    ), due as (
      select * from birthdays b
      where extract(hour from b.local_time) >= ${occasionPolicy.birthdayHour}
        and to_char(b.local_time, 'MM-DD') = case
          -- 29 February is told on 28 February in the years that have none (schema/birthdays.ts).
          when right(b.birthday, 5) = '02-29'
            and extract(day from make_date(extract(year from b.local_time)::int, 3, 1) - 1) = 28
          then '02-28' else right(b.birthday, 5) end
        and not exists (select 1 from occasions_told t where t.user_id = b.recipient and t.occasion = b.occasion)
    )
    select occasion, family_id as "familyId", 'birthday' as type, birthday_id as "relatedId",
      birthday_id as "actorId", '' as excerpt, array_agg(recipient) as recipients
    from due group by occasion, family_id, birthday_id
  `;
}

/**
 * Tells an occasion to those of `recipients` still in its family and not told yet (another run may have got there
 * first, possibly through another family they share), in one transaction under the family's lock. Answers the
 * family's change for live pokes, or null when there was nobody left to tell.
 */
async function tell(sql: Sql, occasion: Occasion): Promise<FamilyChange | null> {
  return writeToFamily(sql, occasion.familyId, async (tx, writeVersion) => {
    const told = await tx<{ user_id: string }[]>`
      insert into occasions_told (occasion, user_id)
      select ${occasion.occasion}, m.user_id from family_members m
      where m.family_id = ${occasion.familyId} and m.user_id = any(${occasion.recipients}::uuid[])
      on conflict do nothing
      returning user_id
    `;
    if (told.length === 0) return;
    await createNotificationRepository(tx).notify({
      familyId: occasion.familyId,
      type: occasion.type,
      groupKey: occasion.occasion,
      relatedId: occasion.relatedId,
      actorId: occasion.actorId,
      excerpt: occasion.excerpt,
      version: await writeVersion(),
      recipients: told.map((row) => row.user_id),
    });
  });
}

/** Tells every reminder and birthday due at `now` that is not told yet. Answers the families it changed. */
export async function tellDueOccasions(sql: Sql, now = new Date()): Promise<FamilyChange[]> {
  const due = [...(await dueReminders(sql, now)), ...(await dueBirthdays(sql, now))];
  const changes: FamilyChange[] = [];
  for (const occasion of due) {
    if (occasion.recipients.length === 0) continue;
    const change = await tell(sql, occasion);
    if (change) changes.push(change);
  }
  return changes;
}
