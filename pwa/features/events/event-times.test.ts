import { describe, expect, it } from 'vitest';
import { dateWordsFor } from '../../lib/format-date.ts';
import { dayBadge, eventInstants, formatEventWhen, formFieldsOf, instantOfLocal, isUpcoming } from './event-times.ts';

const british = dateWordsFor('en-GB');

const timed = (startDate: string, endDate: string | null = null, timeZone = 'Europe/London') => ({
  startDate,
  endDate,
  allDay: false,
  timeZone,
});
const allDay = (day: string, lastDay: string | null = null) => ({
  startDate: `${day}T00:00:00.000Z`,
  endDate: lastDay ? `${lastDay}T00:00:00.000Z` : null,
  allDay: true,
  timeZone: 'Asia/Tokyo',
});

describe('an event’s day, for the person looking', () => {
  it('says Today and Tomorrow by the viewer’s own calendar, not UTC’s', () => {
    // 23:30 in New York on 1 March is 04:30 UTC on 2 March.
    const now = new Date('2026-03-02T04:30:00Z');
    const nineAmSecondMarchNewYork = timed('2026-03-02T14:00:00Z');
    expect(dayBadge(nineAmSecondMarchNewYork, now, 'America/New_York')).toBe('Tomorrow');
    expect(dayBadge(nineAmSecondMarchNewYork, now, 'Europe/London')).toBe('Today');
    expect(dayBadge(timed('2026-03-02T04:00:00Z'), now, 'Europe/London')).toBe('Past Event');
    expect(dayBadge(timed('2026-03-05T12:00:00Z'), now, 'Europe/London')).toBeNull();
  });

  it('shows an all-day event on its own days everywhere, upcoming through its last day', () => {
    const birthday = allDay('2026-05-03');
    expect(formatEventWhen(birthday, 'Asia/Tokyo', british)).toBe('Sunday, 3 May 2026, all day');
    expect(formatEventWhen(birthday, 'America/Los_Angeles', british)).toBe('Sunday, 3 May 2026, all day');
    // Evening of 3 May in Los Angeles is already 4 May in UTC: still today there.
    const laEvening = new Date('2026-05-04T03:00:00Z');
    expect(dayBadge(birthday, laEvening, 'America/Los_Angeles')).toBe('Today');
    expect(dayBadge(birthday, laEvening, 'Asia/Tokyo')).toBe('Past Event');
    expect(isUpcoming(allDay('2026-05-01', '2026-05-03'), laEvening, 'America/Los_Angeles')).toBe(true);
    expect(formatEventWhen(allDay('2026-05-01', '2026-05-03'), 'UTC', british)).toBe(
      'Friday, 1 May 2026 – Sunday, 3 May 2026, all day',
    );
  });

  it('keeps the day right across a daylight-saving change', () => {
    // London moves to summer time at 01:00 UTC on 29 March 2026.
    const saturdayNight = new Date('2026-03-28T23:30:00Z');
    // 22:30 UTC on the Sunday is 23:30 there, still Sunday; 23:30 UTC is already Monday, 00:30 summer time.
    expect(dayBadge(timed('2026-03-29T22:30:00Z'), saturdayNight, 'Europe/London')).toBe('Tomorrow');
    expect(dayBadge(timed('2026-03-29T23:30:00Z'), saturdayNight, 'Europe/London')).toBeNull();
    // 14:00 on the Sunday is 13:00 UTC (summer time), the Saturday's 14:00 was 14:00 UTC.
    expect(instantOfLocal('2026-03-29T14:00', 'Europe/London').toISOString()).toBe('2026-03-29T13:00:00.000Z');
    expect(instantOfLocal('2026-03-28T14:00', 'Europe/London').toISOString()).toBe('2026-03-28T14:00:00.000Z');
    expect(instantOfLocal('2026-11-01T09:30', 'America/New_York').toISOString()).toBe('2026-11-01T14:30:00.000Z');
  });

  it('says when in the viewer’s time, and in the creator’s where their clock differs', () => {
    const lunch = timed('2026-06-14T11:00:00Z', '2026-06-14T13:30:00Z', 'Africa/Lagos');
    // Lagos and London show the same clock in June: nothing more to say.
    expect(formatEventWhen(lunch, 'Europe/London', british)).toBe('Sunday, 14 June 2026, 12:00 – 14:30');
    expect(formatEventWhen(lunch, 'America/New_York', british)).toBe(
      'Sunday, 14 June 2026, 7:00 – 9:30 (12:00 in Lagos)',
    );
    // In the words and clock of the viewer's device.
    expect(formatEventWhen(lunch, 'America/New_York', dateWordsFor('en-US'))).toBe(
      'Sunday, June 14, 2026, 7:00 AM – 9:30 AM (12:00 PM in Lagos)',
    );
  });

  it('turns the form’s fields into the instants stored, and back', () => {
    const fields = {
      allDay: false,
      start: '2026-12-24T18:00',
      end: '2026-12-24T21:00',
    };
    const stored = eventInstants(fields, 'America/New_York');
    expect(stored).toEqual({
      startDate: '2026-12-24T23:00:00.000Z',
      endDate: '2026-12-25T02:00:00.000Z',
    });
    const event = { ...stored, allDay: false, timeZone: 'America/New_York' };
    expect(formFieldsOf(event, 'America/New_York')).toEqual(fields);
    expect(eventInstants({ allDay: true, start: '2026-12-25', end: '' }, 'Asia/Tokyo')).toEqual({
      startDate: '2026-12-25T00:00:00.000Z',
      endDate: null,
    });
    expect(eventInstants({ allDay: false, start: '', end: '' }, 'UTC')).toEqual({ startDate: '', endDate: null });
  });
});
