import ical from 'ical-generator';
import { birthdayIn } from '../../schema/birthdays.ts';
import type { FamilyEvent, PublicUser } from '../../schema/index.ts';
import { publicName } from '../../schema/public-name.ts';

/** An event as calendars keep it: its row, and its version, which only grows with each change (`SEQUENCE`). */
export type CalendarEvent = FamilyEvent & { version: number };

/** The day after a `YYYY-MM-DD` day: an all-day event's DTEND is the day after its last. */
function dayAfter(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/**
 * An iCalendar file (RFC 5545) of events and of the birthdays of `birthdaysOf`, through ical-generator. An event's UID
 * is its id (a UUID), the same in every file and on every server, so a calendar updates the entry it has instead of
 * adding another; SEQUENCE is the event's version. Timed events are written as UTC instants, which every calendar
 * shows in its owner's own time; all-day events and birthdays as dates.
 */
export function eventCalendar(
  name: string,
  events: readonly CalendarEvent[],
  { birthdaysOf = [], now = new Date() }: { birthdaysOf?: readonly PublicUser[]; now?: Date } = {},
): string {
  const calendar = ical({ name, prodId: { company: 'Hearth', product: 'Hearth', language: 'EN' } });
  for (const event of events) {
    const entry = calendar.createEvent({
      id: `${event.id}@hearth`,
      summary: event.title,
      description: event.description,
      location: event.location,
      start: new Date(event.startDate),
      stamp: new Date(event.createdAt),
      ...(event.allDay
        ? { allDay: true, end: dayAfter((event.endDate ?? event.startDate).slice(0, 10)) }
        : { end: event.endDate ? new Date(event.endDate) : new Date(Date.parse(event.startDate) + 60 * 60 * 1000) }),
    });
    entry.sequence(event.version);
  }
  // Birthdays as this year's and next year's days (29 February on the 28th in other years), not a yearly rule that
  // each calendar would read its own way.
  const thisYear = now.getUTCFullYear();
  for (const person of birthdaysOf) {
    if (!person.birthday) continue;
    for (const year of [thisYear, thisYear + 1]) {
      const day = birthdayIn(person.birthday, year);
      calendar.createEvent({
        id: `birthday-${person.id}-${year}@hearth`,
        summary: `${publicName(person)}’s birthday`,
        start: new Date(`${day}T00:00:00Z`),
        end: dayAfter(day),
        allDay: true,
        stamp: now,
      });
    }
  }
  return calendar.toString();
}
