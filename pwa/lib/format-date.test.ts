import { describe, expect, it } from 'vitest';
import { dateWordsFor } from './format-date.ts';

const london = dateWordsFor('en-GB', 'Europe/London');
const newYork = dateWordsFor('en-US', 'America/New_York');
const paris = dateWordsFor('fr-FR', 'Europe/Paris');

describe('dates and times as the device writes them', () => {
  const lunch = '2026-11-21T13:05:00.000Z';

  it('writes the day, the month in words and the year, in the order of the device', () => {
    expect(london.longDate(lunch)).toBe('21 November 2026');
    expect(newYork.longDate(lunch)).toBe('November 21, 2026');
    // English words, the app's language, with the order of the device's region.
    expect(paris.longDate(lunch)).toBe('21 November 2026');
  });

  it('uses the device’s clock: 24-hour in London and Paris, AM/PM in New York', () => {
    expect(london.clockTime(lunch)).toBe('13:05');
    expect(paris.clockTime(lunch)).toBe('14:05');
    expect(newYork.clockTime(lunch)).toBe('8:05 AM');
    expect(london.exactDateTime(lunch)).toBe('Saturday, 21 November 2026 at 13:05');
    expect(newYork.exactDateTime(lunch)).toBe('Saturday, November 21, 2026 at 8:05 AM');
    // A region English has no clock for still gets the device's own.
    expect(dateWordsFor('pt-BR', 'America/Sao_Paulo').clockTime(lunch)).toBe('10:05');
  });
});

describe('how long ago', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z');
  const ago = (milliseconds: number) => new Date(now - milliseconds).toISOString();

  it('says how long ago in the largest whole unit, then falls back to the date after a week', () => {
    expect(london.relativeTime(ago(10_000), now)).toBe('just now');
    expect(london.relativeTime(ago(-5_000), now)).toBe('just now');
    expect(london.relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(london.relativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(london.relativeTime(ago(2 * 3_600_000 + 1), now)).toBe('2 hours ago');
    expect(london.relativeTime(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(london.relativeTime(ago(3 * 86_400_000), now)).toBe('3 days ago');
    expect(london.relativeTime(ago(8 * 86_400_000), now)).toBe('13 November 2026');
    expect(newYork.relativeTime(ago(8 * 86_400_000), now)).toBe('November 13, 2026');
  });
});

describe('day separators', () => {
  const now = new Date('2026-11-25T09:30:00Z');

  it('says Today and Yesterday by the local calendar, not by 24-hour spans', () => {
    expect(london.dayLabel('2026-11-25T00:00:00Z', now)).toBe('Today');
    expect(london.dayLabel('2026-11-24T23:00:00Z', now)).toBe('Yesterday');
    expect(london.dayLabel('2026-11-24T00:00:00Z', now)).toBe('Yesterday');
    // 03:00 UTC on the 25th is still the 24th in New York.
    expect(newYork.dayLabel('2026-11-25T03:00:00Z', now)).toBe('Yesterday');
  });

  it('keeps Yesterday right just after a 23-hour day', () => {
    // London's clocks went forward on 29 March 2026: 00:30 on the 30th is 23:30 UTC on the 29th.
    const justAfterMidnight = new Date('2026-03-29T23:30:00Z');
    expect(london.dayLabel('2026-03-29T09:00:00Z', justAfterMidnight)).toBe('Yesterday');
    expect(london.dayLabel('2026-03-28T12:00:00Z', justAfterMidnight)).toBe('Saturday 28 March');
  });

  it('names older days by weekday and date, with the year only when it is another year', () => {
    expect(london.dayLabel('2026-11-20T12:00:00Z', now)).toBe('Friday 20 November');
    expect(newYork.dayLabel('2026-11-20T12:00:00Z', now)).toBe('Friday, November 20');
    expect(london.dayLabel('2025-12-31T12:00:00Z', now)).toBe('Wednesday, 31 December 2025');
  });

  it('puts two times of one local day on the same day', () => {
    expect(london.localDay('2026-11-25T00:00:00Z')).toBe(london.localDay('2026-11-25T23:00:00Z'));
    expect(london.localDay('2026-11-25T00:00:00Z')).not.toBe(london.localDay('2026-11-24T23:00:00Z'));
    expect(newYork.localDay('2026-11-25T03:00:00Z')).toBe(newYork.localDay('2026-11-24T23:00:00Z'));
  });
});
