import { describe, expect, it } from 'vitest';
import { timeOfDayGreeting } from './greeting.ts';

const at = (hours: number, minutes = 0) => new Date(2026, 10, 21, hours, minutes);

describe('timeOfDayGreeting', () => {
  it('says good morning from midnight until noon', () => {
    expect(timeOfDayGreeting(at(0))).toBe('Good morning');
    expect(timeOfDayGreeting(at(11, 59))).toBe('Good morning');
  });

  it('says good afternoon from noon until six', () => {
    expect(timeOfDayGreeting(at(12))).toBe('Good afternoon');
    expect(timeOfDayGreeting(at(17, 59))).toBe('Good afternoon');
  });

  it('says good evening from six', () => {
    expect(timeOfDayGreeting(at(18))).toBe('Good evening');
    expect(timeOfDayGreeting(at(23, 59))).toBe('Good evening');
  });
});
