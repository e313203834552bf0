import ical from 'ical-generator';
import type { FamilyEvent } from '../../schema/index.ts';

/** An event as calendars keep it: its row, and its version, which only grows with each change (`SEQUENCE`). */
export type CalendarEvent = FamilyEvent & { version: number };

/** The day after a `YYYY-MM-DD` day: an all-day event's DTEND is the day after its last. */
function dayAfter(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/**
 * An iCalendar file of events (RFC 5545), through ical-generator. The UID is the event's id (a UUID), the same in
 * every file and on every server, so a calendar updates the entry it has instead of adding another; SEQUENCE is the event's
 * version. Timed events are written as UTC instants, which every calendar shows in its owner's own time; all-day
 * events as dates.
 */
export function eventCalendar(name: string, events: readonly CalendarEvent[]): string {
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
  return calendar.toString();
}
