import ical, { escape } from 'ical-generator';
import { birthdayIn } from '../../schema/birthdays.ts';
import { withoutControlCharacters } from '../../schema/fields.ts';
import type { FamilyEvent, PublicUser } from '../../schema/index.ts';
import { publicName } from '../../schema/public-name.ts';

/** An event as calendars keep it: its row, and its version, which only grows with each change (`SEQUENCE`). */
export type CalendarEvent = FamilyEvent & { version: number };

/**
 * A person's words as a calendar carries them: without control characters (RFC 5545 allows none in text but the tab),
 * and every kind of line break one line break, which the library writes as its `\n` escape. Some readers also end a
 * line at NEL or at Unicode's line and paragraph separators: written as `\n`, they are a break inside the text for
 * every reader, never the start of a property of their own.
 */
function calendarText(text: string): string {
  return withoutControlCharacters(text).replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\n');
}

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
  const calendar = ical({
    // The library escapes the texts of events but writes the calendar's name as it is given (NAME, X-WR-CALNAME).
    name: escape(calendarText(name), false),
    prodId: { company: 'Hearth', product: 'Hearth', language: 'EN' },
  });
  for (const event of events) {
    const entry = calendar.createEvent({
      id: `${event.id}@hearth`,
      summary: calendarText(event.title),
      description: event.description === null ? null : calendarText(event.description),
      location: event.location === null ? null : calendarText(event.location),
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
        summary: calendarText(`${publicName(person)}’s birthday`),
        start: new Date(`${day}T00:00:00Z`),
        end: dayAfter(day),
        allDay: true,
        stamp: now,
      });
    }
  }
  return calendar.toString();
}
