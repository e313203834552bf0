import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../schema/index.ts';
import {
  calendarText,
  hostileCalendarTexts,
  onlyProperty,
  readCalendar,
  shapeOf,
  shownInCalendar as shown,
  type CalendarComponent,
} from '../testing/icalendar.ts';
import { eventCalendar, type CalendarEvent } from './event-calendar.ts';

const maker: PublicUser = {
  id: '00000000-0000-4000-8000-000000000000',
  username: 'grandma',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
};

const event = (index: number, text: string): CalendarEvent => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  familyId: '00000000-0000-4000-8000-000000000000',
  createdById: '00000000-0000-4000-8000-000000000000',
  title: text,
  description: text,
  location: text,
  startDate: '2030-05-03T12:00:00.000Z',
  endDate: null,
  timeZone: 'Europe/London',
  allDay: false,
  createdAt: '2030-05-01T12:00:00.000Z',
  createdBy: maker,
  version: 1,
});

const person = (index: number, text: string): PublicUser => ({
  id: `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`,
  username: text,
  firstName: text,
  lastName: null,
  profileImageUrl: null,
  birthday: '--05-03',
});

function calendarOf(texts: readonly string[], name: string): CalendarComponent {
  const file = eventCalendar(
    name,
    texts.map((text, index) => event(index, text)),
    { birthdaysOf: texts.map((text, index) => person(index, text)), now: new Date('2030-01-01T00:00:00Z') },
  );
  return readCalendar(file);
}

describe('an event calendar', () => {
  it('holds only its own properties and components whatever its names, titles, places and descriptions say', () => {
    const hostile = calendarOf(hostileCalendarTexts, hostileCalendarTexts[0]!);
    const plain = calendarOf(
      hostileCalendarTexts.map(() => 'Sunday lunch'),
      'Sunday lunch',
    );
    expect(shapeOf(hostile)).toEqual(shapeOf(plain));

    expect(calendarText(onlyProperty(hostile, 'NAME').value)).toBe(shown(hostileCalendarTexts[0]!));
    expect(calendarText(onlyProperty(hostile, 'X-WR-CALNAME').value)).toBe(shown(hostileCalendarTexts[0]!));
    // The events in order, then each person's two birthdays (this year's and next year's).
    const events = hostile.components.slice(0, hostileCalendarTexts.length);
    const birthdays = hostile.components.slice(hostileCalendarTexts.length);
    hostileCalendarTexts.forEach((text, index) => {
      for (const name of ['SUMMARY', 'DESCRIPTION', 'LOCATION']) {
        expect(calendarText(onlyProperty(events[index]!, name).value), `${name} of ${JSON.stringify(text)}`).toBe(
          shown(text),
        );
      }
      for (const birthday of birthdays.slice(2 * index, 2 * index + 2)) {
        expect(calendarText(onlyProperty(birthday, 'SUMMARY').value)).toBe(`${shown(text)}’s birthday`);
      }
    });
  });
});
