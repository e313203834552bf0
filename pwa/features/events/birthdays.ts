import type { SyncedEvent } from '../../../schema/sync.ts';
import { nextBirthday } from '../../../schema/birthdays.ts';
import { nextCalendarDay, startDay } from './event-times.ts';

/**
 * Birthdays as yearly entries: computed on the device from the members' day and month, never stored as a
 * row per year (the yearly rule itself is schema/birthdays.ts, which calendar files use too).
 */

/** A member's birthday on the list: whose, and the calendar day (`YYYY-MM-DD`) it falls on next. */
export type BirthdayEntry = { userId: string; name: string; day: string };

/** The birthdays from `today` to `lastDay` (calendar days, both included), soonest first. */
export function birthdaysBetween(
  people: readonly { userId: string; name: string; birthday: string | null | undefined }[],
  today: string,
  lastDay: string,
): BirthdayEntry[] {
  return people
    .flatMap(({ userId, name, birthday }) => {
      if (!birthday) return [];
      const day = nextBirthday(birthday, today);
      return day <= lastDay ? [{ userId, name, day }] : [];
    })
    .sort((a, b) => a.day.localeCompare(b.day) || a.name.localeCompare(b.name));
}

/** A birthday's times as an all-day event's, so it is shown, badged and sorted like one. */
export function birthdayTimes(entry: BirthdayEntry) {
  return { startDate: `${entry.day}T00:00:00.000Z`, endDate: null, allDay: true, timeZone: 'UTC' };
}

export type UpcomingEntry = { kind: 'event'; event: SyncedEvent } | { kind: 'birthday'; birthday: BirthdayEntry };

/**
 * Upcoming events and birthdays in one list, by the viewer's calendar day and then by start; a birthday comes first
 * on its day, since it lasts the whole of it.
 */
export function upcomingWithBirthdays(
  events: readonly SyncedEvent[],
  birthdays: readonly BirthdayEntry[],
  timeZone: string,
): UpcomingEntry[] {
  const sortKey = (entry: UpcomingEntry) =>
    entry.kind === 'birthday' ? entry.birthday.day : `${startDay(entry.event, timeZone)} ${entry.event.startDate}`;
  return [
    ...events.map((event): UpcomingEntry => ({ kind: 'event', event })),
    ...birthdays.map((birthday): UpcomingEntry => ({ kind: 'birthday', birthday })),
  ].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
}

/** The calendar day `count` days after `day`. */
export function daysAfter(day: string, count: number): string {
  let result = day;
  for (let step = 0; step < count; step += 1) result = nextCalendarDay(result);
  return result;
}
