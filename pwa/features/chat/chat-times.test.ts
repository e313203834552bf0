import { describe, expect, it } from 'vitest';
import { dayLabel, localDay } from './chat-times.ts';

describe('chat day separators', () => {
  const now = new Date(2026, 10, 25, 9, 30);
  const at = (year: number, month: number, day: number, hour = 12) => new Date(year, month, day, hour).toISOString();

  it('says Today and Yesterday by the local calendar, not by 24-hour spans', () => {
    expect(dayLabel(at(2026, 10, 25, 0), now)).toBe('Today');
    expect(dayLabel(at(2026, 10, 24, 23), now)).toBe('Yesterday');
    expect(dayLabel(at(2026, 10, 24, 0), now)).toBe('Yesterday');
  });

  it('names older days by weekday and date, with the year only when it is another year', () => {
    expect(dayLabel(at(2026, 10, 20), now)).toBe('Friday 20 November');
    expect(dayLabel(at(2025, 11, 31), now)).toBe('Wednesday, 31 December 2025');
  });

  it('puts two times of one local day on the same day', () => {
    expect(localDay(at(2026, 10, 25, 0))).toBe(localDay(at(2026, 10, 25, 23)));
    expect(localDay(at(2026, 10, 25, 0))).not.toBe(localDay(at(2026, 10, 24, 23)));
  });
});
