import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-date.ts';

describe('formatLongDate', () => {
  it('writes the day, the month in words and the year', () => {
    expect(formatLongDate('2026-11-21T12:00:00.000Z')).toBe('21 November 2026');
    expect(formatLongDate('2025-06-05T12:00:00+00:00')).toBe('5 June 2025');
  });
});
