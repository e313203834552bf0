import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRelativeTime } from './format-date.ts';

describe('formatLongDate', () => {
  it('writes the day, the month in words and the year', () => {
    expect(formatLongDate('2026-11-21T12:00:00.000Z')).toBe('21 November 2026');
    expect(formatLongDate('2025-06-05T12:00:00+00:00')).toBe('5 June 2025');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z');
  const ago = (milliseconds: number) => new Date(now - milliseconds).toISOString();

  it('says how long ago in the largest whole unit, then falls back to the date after a week', () => {
    expect(formatRelativeTime(ago(10_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(2 * 3_600_000 + 1), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86_400_000), now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(8 * 86_400_000), now)).toBe('13 November 2026');
  });
});
