import type postgres from 'postgres';
import type { EventAttendee, FamilyEvent, PublicUser, RsvpStatus } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-source.ts';
import { publicUserJson } from './public-user-json.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { type InFamily, tombstoneChildren } from './synced-storage.ts';
import { isoTime } from './iso-time.ts';

/** What an event is, as its creator or an admin writes it. */
export type EventFields = {
  title: string;
  description: string | null;
  location: string | null;
  startDate: string;
  endDate: string | null;
  timeZone: string;
  allDay: boolean;
};

export type NewEvent = EventFields & {
  id: string;
  familyId: string;
  createdById: string;
  version: number;
  writtenAt: Date;
};

/**
 * What permission checks need to know about an event. `answersCloseAt`: a timed event's start; an all-day event's
 * last day is over everywhere on Earth (its days are the same dates in every zone, the last to end is UTC−12's).
 */
export type EventRef = { id: string; familyId: string; createdById: string; title: string; answersCloseAt: Date };

const hour = 60 * 60 * 1000;

/** An event's fields (`SyncedEvent`) as pairs for PostgreSQL's JSON builders, from the events aliased `e`. */
const eventFields = (sql: Queryable) => sql`
  'id', e.id, 'familyId', e.family_id, 'createdById', e.created_by_id, 'title', e.title,
  'description', e.description, 'startDate', ${isoTime(sql, sql`e.start_date`)},
  'endDate', ${isoTime(sql, sql`e.end_date`)}, 'location', e.location, 'timeZone', e.time_zone, 'allDay', e.all_day,
  'createdAt', ${isoTime(sql, sql`e.created_at`)}
`;

export const eventPullSource: PullSource = (sql, familyId, from) => sql`
  select e.version, e.id::text as id, jsonb_build_object(${eventFields(sql)}) as row
  from events e where e.family_id = ${familyId} and e.version >= ${from}
`;

/** An answer's id is the generated rsvp key (schema/sync-protocol.ts `rsvpKey`). */
export const rsvpPullSource: PullSource = (sql, familyId, from) => sql`
  select a.version, a.id,
    jsonb_build_object(
      'id', a.id, 'familyId', a.family_id, 'eventId', a.event_id, 'userId', a.user_id, 'status', a.status,
      'updatedAt', ${isoTime(sql, sql`a.updated_at`)}
    ) as row
  from event_attendees a where a.family_id = ${familyId} and a.version >= ${from}
`;

type EventRow = {
  id: string;
  family_id: string;
  created_by_id: string;
  title: string;
  description: string | null;
  start_date: Date;
  end_date: Date | null;
  location: string | null;
  time_zone: string;
  all_day: boolean;
  created_at: Date;
  version: string;
  created_by: PublicUser;
};

function toEvent(row: EventRow): FamilyEvent {
  return {
    id: row.id,
    familyId: row.family_id,
    createdById: row.created_by_id,
    title: row.title,
    description: row.description,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date?.toISOString() ?? null,
    location: row.location,
    timeZone: row.time_zone,
    allDay: row.all_day,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}

/** Writes here run under the lock of the event's family: the event cannot change between a look and a write. */
export function createEventRepository(sql: Queryable) {
  /** Events with their makers' public fields, by start. */
  function eventsWhere(condition: postgres.Fragment) {
    return sql<EventRow[]>`
      select e.*, ${publicUserJson(sql, 'u')} as created_by
      from events e join users u on u.id = e.created_by_id
      where ${condition}
      order by e.start_date, e.id
    `;
  }

  return {
    async findRef(eventId: string, familyId: string): Promise<EventRef | null> {
      const [row] = await sql<
        {
          id: string;
          family_id: string;
          created_by_id: string;
          title: string;
          start_date: Date;
          end_date: Date | null;
          all_day: boolean;
        }[]
      >`
        select id, family_id, created_by_id, title, start_date, end_date, all_day from events
        where id = ${eventId} and family_id = ${familyId}
      `;
      if (!row) return null;
      const answersCloseAt = row.all_day
        ? new Date((row.end_date ?? row.start_date).getTime() + 36 * hour)
        : row.start_date;
      return { id: row.id, familyId: row.family_id, createdById: row.created_by_id, title: row.title, answersCloseAt };
    },

    /** The family's events by start (product.md §7 `GET /api/families/:id/events`), or just `eventId`. */
    async ofFamily(familyId: string, eventId?: string): Promise<FamilyEvent[]> {
      const rows = await eventsWhere(sql`e.family_id = ${familyId} ${eventId ? sql`and e.id = ${eventId}` : sql``}`);
      return rows.map(toEvent);
    },

    /** The family's events as `userId` reads them: null when they are not one of its members. */
    /**
     * The family's events by start with their makers (`FamilyEvent[]`), as the JSON the API answers, made by
     * PostgreSQL with the membership checked in the same statement; null when `userId` is not a member.
     */
    async seenByJson(familyId: string, userId: string): Promise<string | null> {
      const [row] = await sql<{ member: boolean; events: string }[]>`
        select exists (select 1 from family_members where family_id = ${familyId} and user_id = ${userId}) as member,
          (
            select coalesce(json_agg(
              json_build_object(${eventFields(sql)}, 'createdBy', ${publicUserJson(sql, 'u')})
              order by e.start_date, e.id
            ), '[]')::text
            from events e join users u on u.id = e.created_by_id where e.family_id = ${familyId}
          ) as events
      `;
      return row?.member ? row.events : null;
    },

    /** Every event of the families `userId` is a member of, with versions, for their calendar address. */
    async ofMember(userId: string): Promise<(FamilyEvent & { version: number })[]> {
      const rows = await eventsWhere(
        sql`e.family_id in (select family_id from family_members where user_id = ${userId})`,
      );
      return rows.map((row) => ({ ...toEvent(row), version: Number(row.version) }));
    },

    /** One event with its version, for a calendar file (sync-server/calendar/event-calendar.ts). */
    async withVersion(eventId: string, familyId: string): Promise<(FamilyEvent & { version: number }) | null> {
      const [row] = await eventsWhere(sql`e.family_id = ${familyId} and e.id = ${eventId}`);
      return row ? { ...toEvent(row), version: Number(row.version) } : null;
    },

    /** False when the id is taken already. Putting the row again clears a tombstone of the same id. */
    create(event: NewEvent): Promise<boolean> {
      return putClearingTombstone(
        sql,
        'events',
        sql`
          insert into events (
            id, family_id, created_by_id, title, description, start_date, end_date, location, time_zone, all_day,
            version, created_at, updated_at
          )
          values (
            ${event.id}, ${event.familyId}, ${event.createdById}, ${event.title}, ${event.description},
            ${event.startDate}, ${event.endDate}, ${event.location}, ${event.timeZone}, ${event.allDay},
            ${event.version}, ${event.writtenAt}, ${event.writtenAt}
          )
          on conflict (family_id, id) do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    async update(event: InFamily, fields: EventFields, version: number, editedAt: Date): Promise<void> {
      await sql`
        update events set title = ${fields.title}, description = ${fields.description},
          location = ${fields.location}, start_date = ${fields.startDate}, end_date = ${fields.endDate},
          time_zone = ${fields.timeZone}, all_day = ${fields.allDay}, updated_at = ${editedAt}, version = ${version}
        where family_id = ${event.familyId} and id = ${event.id}
      `;
    },

    /** The event goes, and its answers with it (tombstoned first: the cascade would take them silently). */
    async delete(event: InFamily, version: number): Promise<void> {
      await tombstoneChildren(sql, 'events', event.familyId, sql`${event.id}::uuid`, version);
      await recordTombstones(
        sql,
        'events',
        version,
        sql`
          delete from events where family_id = ${event.familyId} and id = ${event.id}
          returning family_id, id::text as row_id
        `,
      );
    },

    async statusOf(familyId: string, eventId: string, userId: string): Promise<RsvpStatus> {
      const [row] = await sql<{ status: RsvpStatus }[]>`
        select status from event_attendees
        where family_id = ${familyId} and event_id = ${eventId} and user_id = ${userId}
      `;
      return row?.status ?? 'pending';
    },

    /** Puts the person's answer, over any earlier one. */
    async answer(
      rsvp: { eventId: string; userId: string; familyId: string; status: RsvpStatus },
      version: number,
      writtenAt: Date,
    ): Promise<void> {
      await putClearingTombstone(
        sql,
        'rsvps',
        sql`
          insert into event_attendees (event_id, user_id, family_id, status, version, updated_at)
          values (${rsvp.eventId}, ${rsvp.userId}, ${rsvp.familyId}, ${rsvp.status}, ${version}, ${writtenAt})
          on conflict (family_id, event_id, user_id) do update
            set status = excluded.status, version = excluded.version, updated_at = excluded.updated_at
          returning family_id, id as row_id
        `,
      );
    },

    /** product.md §7's rsvps list under an event: every answer given, by when it was given. */
    async answersTo(familyId: string, eventId: string): Promise<EventAttendee[]> {
      const rows = await sql<{ event_id: string; user_id: string; status: RsvpStatus }[]>`
        select event_id, user_id, status from event_attendees where family_id = ${familyId} and event_id = ${eventId}
        order by updated_at, user_id
      `;
      return rows.map((row) => ({ eventId: row.event_id, userId: row.user_id, status: row.status }));
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
