import { describe, expect, it } from 'vitest';
import { nextBirthday } from '../../../schema/birthdays.ts';
import { birthdaysBetween, daysAfter, upcomingWithBirthdays } from './birthdays.ts';

describe('birthdays as yearly entries', () => {
  it('comes on its day each year, today included, and next year once it has passed', () => {
    expect(nextBirthday('1946-05-03', '2026-05-03')).toBe('2026-05-03');
    expect(nextBirthday('--05-03', '2026-05-04')).toBe('2027-05-03');
    expect(nextBirthday('--01-02', '2026-12-30')).toBe('2027-01-02');
  });

  it('puts 29 February on 28 February in the years without one', () => {
    expect(nextBirthday('--02-29', '2026-01-10')).toBe('2026-02-28');
    expect(nextBirthday('2000-02-29', '2027-03-01')).toBe('2028-02-29');
  });

  it('lists the birthdays of the coming days, soonest first, and none of the people without one', () => {
    const people = [
      { userId: 'a', name: 'Ada', birthday: '--12-01' },
      { userId: 'g', name: 'Grandma', birthday: '1946-11-26' },
      { userId: 's', name: 'Sam', birthday: null },
      { userId: 'l', name: 'Later', birthday: '--03-01' },
    ];
    expect(birthdaysBetween(people, '2026-11-25', daysAfter('2026-11-25', 60))).toEqual([
      { userId: 'g', name: 'Grandma', day: '2026-11-26' },
      { userId: 'a', name: 'Ada', day: '2026-12-01' },
    ]);
    expect(daysAfter('2026-12-30', 3)).toBe('2027-01-02');
  });

  it('goes among the upcoming events by day, first on its own day', () => {
    const event = (id: string, startDate: string) => ({
      id,
      familyId: 'f',
      createdById: 'u',
      title: id,
      description: null,
      location: null,
      startDate,
      endDate: null,
      timeZone: 'Europe/London',
      allDay: false,
      createdAt: startDate,
    });
    const merged = upcomingWithBirthdays(
      [event('lunch', '2026-11-26T12:00:00.000Z'), event('call', '2026-11-25T20:00:00.000Z')],
      [{ userId: 'g', name: 'Grandma', day: '2026-11-26' }],
      'Europe/London',
    );
    expect(merged.map((entry) => (entry.kind === 'event' ? entry.event.id : entry.birthday.name))).toEqual([
      'call',
      'Grandma',
      'lunch',
    ]);
  });
});
