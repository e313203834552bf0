import type { SyncedEvent } from '../../../schema/sync.ts';
import { dateWords, type DateWords } from '../../lib/format-date.ts';

/**
 * When an event is, for the person looking: a timed event is an instant, shown in the viewer's own time
 * zone; an all-day event is calendar days, stored as midnight UTC of each, and shown as those same days to everyone,
 * wherever they are (a birthday on 3 May is 3 May in Tokyo and in Toronto). Every function takes the viewer's zone,
 * so tests can be anywhere; screens pass `viewerTimeZone()`.
 */

type EventTimes = Pick<SyncedEvent, 'startDate' | 'endDate' | 'allDay' | 'timeZone'>;

export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The wall clock in `timeZone` at `instant`, as two-digit parts (`year` four): what a person there reads. */
function wallClock(instant: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '00';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** The calendar day ("2026-03-29") an instant falls on in `timeZone`. */
export function calendarDay(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${year}-${month}-${day}`;
}

/** The wall time (`2026-03-29T14:00`) an instant shows in `timeZone`, as a datetime-local field holds it. */
function localDateTime(instant: Date, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClock(instant, timeZone);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/** The day after a calendar day, by the calendar (no hours involved, so no daylight-saving surprise). */
export function nextCalendarDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The calendar day an event starts on, for the viewer. */
export function startDay(event: EventTimes, timeZone: string): string {
  return event.allDay ? event.startDate.slice(0, 10) : calendarDay(new Date(event.startDate), timeZone);
}

/** product.md §2: upcoming events start now or later. An all-day event is upcoming through its last day. */
export function isUpcoming(event: EventTimes, now: Date, timeZone: string): boolean {
  if (!event.allDay) return Date.parse(event.startDate) >= now.getTime();
  const lastDay = (event.endDate ?? event.startDate).slice(0, 10);
  return lastDay >= calendarDay(now, timeZone);
}

export type DayBadge = 'Today' | 'Tomorrow' | 'Past Event';

/** The spec's badges, by the viewer's calendar: from the start date, Past Event once it is not upcoming. */
export function dayBadge(event: EventTimes, now: Date, timeZone: string): DayBadge | null {
  if (!isUpcoming(event, now, timeZone)) return 'Past Event';
  const today = calendarDay(now, timeZone);
  const day = startDay(event, timeZone);
  if (day <= today) return 'Today';
  if (day === nextCalendarDay(today)) return 'Tomorrow';
  return null;
}

const dateOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
const timeOptions = { hour: 'numeric', minute: '2-digit' } as const;

/** A time zone's city, for "18:00 in Lagos": the last part of its IANA name. */
function placeOf(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/**
 * "Sunday 29 March 2026, 14:00 – 16:00" in the viewer's time, in their words; all-day: "Sunday 29 March 2026" (to its last day).
 * Where the creator's zone has another clock time, it is said too: "(18:00 in Lagos)".
 */
export function formatEventWhen(event: EventTimes, timeZone: string, words: DateWords = dateWords): string {
  if (event.allDay) {
    const days = words.format({ ...dateOptions, timeZone: 'UTC' });
    const first = days.format(new Date(event.startDate));
    const last =
      event.endDate && event.endDate.slice(0, 10) !== event.startDate.slice(0, 10)
        ? days.format(new Date(event.endDate))
        : null;
    return last ? `${first} – ${last}, all day` : `${first}, all day`;
  }
  const start = new Date(event.startDate);
  const end = event.endDate ? new Date(event.endDate) : null;
  const dates = words.format({ ...dateOptions, timeZone });
  const times = words.format({ ...timeOptions, timeZone });
  let when = `${dates.format(start)}, ${times.format(start)}`;
  if (end) {
    when +=
      calendarDay(end, timeZone) === calendarDay(start, timeZone)
        ? ` – ${times.format(end)}`
        : ` – ${dates.format(end)}, ${times.format(end)}`;
  }
  const theirs = words.format({ ...timeOptions, timeZone: event.timeZone }).format(start);
  if (event.timeZone !== timeZone && theirs !== times.format(start))
    when += ` (${theirs} in ${placeOf(event.timeZone)})`;
  return when;
}

/** What a form's fields hold for an event: `datetime-local` values in the viewer's zone, or dates when all day. */
export type EventWhenFields = { allDay: boolean; start: string; end: string };

/** `2026-03-29T14:00` in `timeZone` as an instant: the zone's offset at that wall time, found by one correction. */
export function instantOfLocal(local: string, timeZone: string): Date {
  const asUtc = Date.parse(`${local}:00Z`);
  const offsetAt = (time: number) =>
    Date.parse(`${localDateTime(new Date(time), timeZone)}:00Z`) - Math.floor(time / 60_000) * 60_000;
  const guess = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(guess));
}

/** The instants an event is stored as, from what the form holds (empty fields stay null, for the schema to say so). */
export function eventInstants(
  fields: EventWhenFields,
  timeZone: string,
): { startDate: string; endDate: string | null } {
  const toInstant = (value: string) => {
    if (!value) return '';
    if (fields.allDay) return `${value.slice(0, 10)}T00:00:00.000Z`;
    const instant = instantOfLocal(value, timeZone);
    return Number.isNaN(instant.getTime()) ? value : instant.toISOString();
  };
  const endDate = toInstant(fields.end);
  return { startDate: toInstant(fields.start), endDate: endDate || null };
}

/** An event's instants as the form shows them to the viewer, for editing. */
export function formFieldsOf(event: EventTimes, timeZone: string): EventWhenFields {
  const toLocal = (instant: string | null) => {
    if (!instant) return '';
    return event.allDay ? instant.slice(0, 10) : localDateTime(new Date(instant), timeZone);
  };
  return { allDay: event.allDay, start: toLocal(event.startDate), end: toLocal(event.endDate) };
}
