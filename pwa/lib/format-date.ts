import { useSyncExternalStore } from 'react';

/**
 * Every date and time a person reads in Hearth, written one way (decision 0048): in English words, the app's
 * language, in the order and with the clock their device uses ("21 November 2026, 14:05" in London, "November 21,
 * 2026, 2:05 PM" in New York, a 24-hour clock in Paris), in the device's time zone. Screens use `dateWords`;
 * tests make the words of any device with `dateWordsFor`.
 */
export function dateWordsFor(deviceLocale: string, timeZone?: string) {
  const device = new Intl.Locale(deviceLocale);
  // English in the device's region ("en-FR" writes 21 November); the device's own clock, which en-XX may not know.
  const locale = device.language === 'en' ? deviceLocale : `en-${device.maximize().region ?? 'GB'}`;
  const { hourCycle } = new Intl.DateTimeFormat(deviceLocale, { hour: 'numeric' }).resolvedOptions();
  const made = new Map<string, Intl.DateTimeFormat>();

  /** A formatter for these options in this locale, made once: lists format hundreds of times. */
  function format(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    const key = JSON.stringify(options);
    let formatter = made.get(key);
    if (!formatter) {
      const clock = options.hour === undefined ? {} : { hourCycle };
      formatter = new Intl.DateTimeFormat(locale, { timeZone, ...clock, ...options });
      made.set(key, formatter);
    }
    return formatter;
  }

  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

  /** The calendar day a time falls on where the person is ("2026-11-25"), to group a list by. */
  function localDay(isoTimestamp: string | Date): string {
    return isoDay.format(new Date(isoTimestamp));
  }

  /** The calendar day before one, by the calendar: a day of 23 or 25 hours changes nothing. */
  function dayBefore(calendarDay: string): string {
    const before = new Date(`${calendarDay}T00:00:00Z`);
    before.setUTCDate(before.getUTCDate() - 1);
    return before.toISOString().slice(0, 10);
  }

  /** "21 November 2026" or "November 21, 2026": the month in words, so no reader mistakes 3/5 for 5/3. */
  function longDate(isoTimestamp: string): string {
    return format({ day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(isoTimestamp));
  }

  return {
    format,
    localDay,
    longDate,

    /** "just now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago", then the date itself. */
    relativeTime(isoTimestamp: string, now: number = Date.now()): string {
      const elapsed = now - Date.parse(isoTimestamp);
      // A clock a little ahead of the server's makes fresh posts look a few seconds old, never "in 3 seconds".
      if (elapsed < minute) return 'just now';
      if (elapsed < hour) return relative.format(-Math.floor(elapsed / minute), 'minute');
      if (elapsed < day) return relative.format(-Math.floor(elapsed / hour), 'hour');
      if (elapsed < 7 * day) return relative.format(-Math.floor(elapsed / day), 'day');
      return longDate(isoTimestamp);
    },

    /** "Saturday, 21 November 2026 at 14:05": the exact moment, for a tooltip or a long press. */
    exactDateTime(isoTimestamp: string): string {
      return format({
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date(isoTimestamp));
    },

    /** "14:05" or "2:05 PM". */
    clockTime(isoTimestamp: string): string {
      return format({ hour: 'numeric', minute: '2-digit' }).format(new Date(isoTimestamp));
    },

    /** A day separator's words: "Today", "Yesterday", "Monday 23 November", with the year when it is not this one. */
    dayLabel(isoTimestamp: string, now: Date = new Date()): string {
      const itsDay = localDay(isoTimestamp);
      if (itsDay === localDay(now)) return 'Today';
      if (itsDay === dayBefore(localDay(now))) return 'Yesterday';
      const date = new Date(isoTimestamp);
      const sameYear = localDay(date).slice(0, 4) === localDay(now).slice(0, 4);
      return format({
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        ...(sameYear ? {} : { year: 'numeric' }),
      }).format(date);
    },
  };
}

export type DateWords = ReturnType<typeof dateWordsFor>;

/** The words of this device. */
export const dateWords = dateWordsFor(new Intl.DateTimeFormat().resolvedOptions().locale);

/**
 * The words of a page the server draws (the join page) are the same for every reader, British English in UTC, so the
 * browser's first render matches the server's HTML; the device's own follow at once (`useDateWords`).
 */
const printedDateWords = dateWordsFor('en-GB', 'UTC');

const neverChanges = () => () => {};

/** `dateWords`, for a component the server may have drawn first. */
export function useDateWords(): DateWords {
  return useSyncExternalStore(
    neverChanges,
    () => dateWords,
    () => printedDateWords,
  );
}

export const {
  longDate: formatLongDate,
  relativeTime: formatRelativeTime,
  exactDateTime: formatExactDateTime,
} = dateWords;
export const { clockTime, dayLabel, localDay } = dateWords;
