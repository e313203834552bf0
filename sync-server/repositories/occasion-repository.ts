import type { NotificationType } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import { personTimeZones } from './person-time-zones.ts';
import { postgresTimeZones } from './postgres-time-zones.ts';

export type Occasion = {
  occasion: string;
  familyId: string;
  type: NotificationType;
  relatedId: string;
  actorId: string | null;
  excerpt: string;
  /** Members not yet told. */
  recipients: string[];
};

/** The hours and reach of reminders and birthdays (sync-server/jobs/occasions.ts `occasionPolicy`). */
type OccasionHours = { allDayReminderHour: number; birthdayHour: number; lookAheadDays: number };

/** Reminders and birthdays due, and who was told them (sync-server/jobs/occasions.ts says when and why). */
export function createOccasionRepository(sql: Queryable) {
  return {
    /** The reminders due at `now` that someone has not been given yet. */
    async dueReminders(now: Date, policy: OccasionHours): Promise<Occasion[]> {
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
            and e.start_date <= ${now}::timestamptz + make_interval(days => ${policy.lookAheadDays})
        ), moments as (
          select u.*, 'event_tomorrow' as type,
            case when u.all_day
              then (u.start_utc::date - 1 + make_time(${policy.allDayReminderHour}, 0, 0)) at time zone u.zone
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
        select m.occasion, m.family_id as "familyId", m.type, m.id as "relatedId", null as "actorId",
          m.title as excerpt,
          array(
            select fm.user_id from family_members fm
            where fm.family_id = m.family_id
              and not exists (
                select 1 from event_attendees a
                where a.family_id = m.family_id and a.event_id = m.id and a.user_id = fm.user_id
                  and a.status = 'not_attending'
              )
              and not exists (
                select 1 from occasions_told t
                where t.user_id = fm.user_id and t.occasion = m.occasion
              )
          ) as recipients
        from keyed m
        where m.due <= ${now} and ${now} < m.until and m.created_at < m.due
      `;
    },

    /** The birthdays whose day it is, from 8:00, for members not told yet: one occasion per person and year. */
    async dueBirthdays(now: Date, policy: Pick<OccasionHours, 'birthdayHour'>): Promise<Occasion[]> {
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
          where extract(hour from b.local_time) >= ${policy.birthdayHour}
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
    },

    /**
     * "You have memories from this day" (decision 0056): from `memoriesHour` where each member is, when a family of
     * theirs shared a post or a photo on this date (where they are) in an earlier year. Once a day per person: the
     * occasion is the person's date, whichever family it names (the first, by id, that has memories). Those who turned
     * memories off or muted the family are left out here, so that recording them told cannot hide another family's.
     */
    async dueMemories(now: Date, policy: { memoriesHour: number }): Promise<Occasion[]> {
      return sql<Occasion[]>`
        with ${personTimeZones(sql)}, members as (
          select m.family_id, m.user_id, coalesce(z.time_zone, 'UTC') as zone,
            ${now}::timestamptz at time zone coalesce(z.time_zone, 'UTC') as local_time
          from family_members m
          left join person_zones z on z.user_id = m.user_id
          left join user_settings s on s.user_id = m.user_id
          where coalesce(s.memories, true) and not m.family_id = any(coalesce(s.muted_family_ids, '{}'))
        ), waiting as (
          select m.*, m.local_time::date as today, 'memories:' || to_char(m.local_time, 'YYYY-MM-DD') as occasion
          from members m
          where extract(hour from m.local_time) >= ${policy.memoriesHour}
            and not exists (
              select 1 from occasions_told t
              where t.user_id = m.user_id and t.occasion = 'memories:' || to_char(m.local_time, 'YYYY-MM-DD')
            )
        ), remembering as (
          -- One look per family, zone and day, not per member: a family's members are mostly in one or two places.
          select distinct w.family_id, w.zone, w.today from waiting w
        ), with_memories as (
          select r.* from remembering r
          where exists (
            select 1 from posts p where p.family_id = r.family_id
              and (p.created_at at time zone r.zone)::date < date_trunc('year', r.today)
              and to_char(p.created_at at time zone r.zone, 'MM-DD') = to_char(r.today, 'MM-DD')
          ) or exists (
            select 1 from photos p where p.family_id = r.family_id
              and (p.created_at at time zone r.zone)::date < date_trunc('year', r.today)
              and to_char(p.created_at at time zone r.zone, 'MM-DD') = to_char(r.today, 'MM-DD')
          )
        ), chosen as (
          select distinct on (w.user_id) w.user_id, w.family_id, w.occasion from waiting w
          join with_memories f on f.family_id = w.family_id and f.zone = w.zone and f.today = w.today
          order by w.user_id, w.family_id
        )
        select occasion, family_id as "familyId", 'memories' as type, family_id as "relatedId", null as "actorId",
          '' as excerpt, array_agg(user_id) as recipients
        from chosen group by occasion, family_id
      `;
    },

    /**
     * Records the occasion told to those of its recipients still in its family and not told yet (another run may
     * have got there first). Answers who they are.
     */
    async recordTold(occasion: Occasion): Promise<string[]> {
      const told = await sql<{ user_id: string }[]>`
        insert into occasions_told (occasion, user_id)
        select ${occasion.occasion}, m.user_id from family_members m
        where m.family_id = ${occasion.familyId} and m.user_id = any(${occasion.recipients}::uuid[])
        on conflict do nothing
        returning user_id
      `;
      return told.map((row) => row.user_id);
    },
  };
}
