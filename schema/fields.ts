import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

/**
 * Control characters a person never means to type (NUL, escape, backspace…), which PostgreSQL may refuse outright:
 * taken out of every free text before its other rules run. Line breaks and tabs stay.
 */
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text as a person meant it: no invisible control characters. */
export const withoutControlCharacters = (value: string) => value.replace(controlCharacters, '');

/**
 * Building blocks for the entity and request schemas. Each required text field gives the same message whether the
 * value is missing, not a string, or blank after trimming. Rules are listed in the order a person should hear them:
 * `fieldIssues` keeps only the first message per field.
 */
export function requiredText(options: { required: string; max: number; tooLong: string }) {
  return z
    .string({ error: options.required })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, { error: options.required })
    .max(options.max, { error: options.tooLong });
}

/** Optional free text: absent, null or blank all mean "nothing" and are stored as null. */
export function optionalText(max: number) {
  return z
    .string({ error: 'Must be text' })
    .overwrite(withoutControlCharacters)
    .trim()
    .max(max, { error: messages.tooLong(max) })
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * Lower case only: devices make ids with `crypto.randomUUID()` and PostgreSQL answers uuids in lower case, while
 * several places compare ids as text (a replay's "is this my row", tombstone ids, a poke's family against the
 * stream's). An upper-case spelling of a valid id would pass those checks differently, so it is refused at the door.
 */
export const id = z.uuid({ error: messages.invalidId }).lowercase({ error: messages.invalidId });

export const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired })
  .max(limits.emailMax, { error: messages.emailTooLong })
  .regex(z.regexes.email, { error: messages.emailInvalid })
  .transform((value) => value.toLowerCase());

/** A new password: never trimmed, people may mean their spaces. */
export const newPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired })
  .min(limits.passwordMin, { error: messages.passwordTooShort })
  .max(limits.passwordMax, { error: messages.passwordTooLong });

export const username = z
  .string({ error: messages.usernameRequired })
  .trim()
  .min(1, { error: messages.usernameRequired })
  .min(limits.usernameMin, { error: messages.usernameTooShort })
  .max(limits.usernameMax, { error: messages.usernameTooLong })
  .regex(/^[\p{L}\p{N}._-]+$/u, { error: messages.usernameCharacters });

/** First or last name: optional, blank means none. */
export const personName = z
  .string({ error: 'Must be text' })
  .overwrite(withoutControlCharacters)
  .trim()
  .max(limits.nameMax, { error: messages.nameTooLong })
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * A birthday as ISO 8601 writes a day: `1946-05-03`, or `--05-03` without the year (which its owner may keep to
 * themselves: members only ever see the day and month). 29 February is a day like any other.
 */
export const birthday = z
  .string({ error: 'Must be a date' })
  .regex(/^(\d{4}|-)-\d{2}-\d{2}$/, { error: 'Must be a day and month' })
  .refine(
    (value) => {
      const [year, month, day] = [value.slice(0, -6), Number(value.slice(-5, -3)), Number(value.slice(-2))];
      // Checked in a leap year when no year is given, so 29 February is allowed.
      const checkedYear = year === '-' ? 2000 : Number(year);
      const date = new Date(Date.UTC(checkedYear, month - 1, day));
      const thisYear = new Date().getUTCFullYear();
      return (
        date.getUTCMonth() === month - 1 &&
        date.getUTCDate() === day &&
        (year === '-' || (checkedYear >= 1900 && checkedYear <= thisYear))
      );
    },
    { error: 'That date does not exist' },
  );

/** The dates Hearth takes: wide enough for a great-grandmother's birthday, narrow enough for PostgreSQL. */
const earliestDate = Date.UTC(1800, 0, 1);
const latestDate = Date.UTC(9999, 11, 31);

/** Timestamps travel as ISO 8601 strings in JSON; a year PostgreSQL cannot store is refused, not a server error. */
export const timestamp = z.iso
  .datetime({ offset: true, error: 'Must be a date and time' })
  .refine((value) => isStorableTime(Date.parse(value)), { error: 'Must be a date between the years 1800 and 9999' });

/** An IANA time zone this runtime knows ('Europe/London'), as the device reports its own. */
export const timeZone = z
  .string()
  .max(64)
  .refine(
    (value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'Must be a time zone such as Europe/London' },
  );

/** Whether a time (ms) is one PostgreSQL stores and people mean: the years 1800 to 9999. */
export function isStorableTime(time: number): boolean {
  return time >= earliestDate && time <= latestDate;
}

/** A same-site image address (an uploaded photo or avatar) or an https address; never javascript: or data:. */
export const imageUrl = z
  .string()
  .trim()
  .max(limits.urlMax)
  .regex(/^(\/(?!\/)|https:\/\/)\S*$/, { error: 'Must be an image address on this site or an https address' });
