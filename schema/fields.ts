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
 * What a name may not hide (decision 0036): the characters that turn text around (bidirectional overrides,
 * embeddings, isolates and marks) and every other invisible format character (zero-width spaces and joiners, word
 * joiners, the byte order mark, soft hyphens, tag characters, the combining grapheme joiner, the Hangul fillers),
 * except where they are part of how a script or an emoji is written, which the three groups keep: a subdivision
 * flag's tags (🏴 and its tags), a zero-width joiner between two emoji (👩‍💻), and a joiner or non-joiner inside a word of
 * a script that shapes by them (Persian می‌خواهم, Hindi क्‍ष).
 */
const hiddenInNames = new RegExp(
  [
    '(\\u{1F3F4}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]+\\u{E007F})',
    '((?<=\\p{Extended_Pictographic}[\\u{FE0F}\\u{1F3FB}-\\u{1F3FF}]?)\\u200D(?=\\p{Extended_Pictographic}))',
    `((?<=[${joiningScripts()}][\\p{M}]*)[\\u200C\\u200D](?=[\\p{L}\\p{M}]))`,
    '[\\p{Cf}\\u034F\\u115F\\u1160\\u3164\\uFFA0]',
  ].join('|'),
  'gu',
);

/** The scripts whose letters join or conjoin, where a (non-)joiner changes how a word is drawn. */
function joiningScripts(): string {
  return ['Arabic', 'Syriac', 'Nko', 'Mongolian', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil']
    .concat(['Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Khmer', 'Myanmar'])
    .map((script) => `\\p{Script=${script}}`)
    .join('');
}

/** A name or title as it will be shown: no control characters, nothing that hides in it or turns it around. */
export function asName(value: string): string {
  return withoutControlCharacters(value).replace(
    hiddenInNames,
    (_, flag?: string, emojiJoiner?: string, scriptJoiner?: string) => flag ?? emojiJoiner ?? scriptJoiner ?? '',
  );
}

/**
 * Building blocks for the entity and request schemas. Each required text field gives the same message whether the
 * value is missing, not a string, or blank after trimming. Rules are listed in the order a person should hear them:
 * `fieldIssues` keeps only the first message per field.
 */
export function requiredText(
  options: { required: string; max: number; tooLong: string },
  clean: (value: string) => string = withoutControlCharacters,
) {
  return z
    .string({ error: options.required })
    .overwrite(clean)
    .trim()
    .min(1, { error: options.required })
    .max(options.max, { error: options.tooLong });
}

/** The name of something a family shares (the family, an album, an event): required text, cleaned as a name. */
export function requiredName(options: { required: string; max: number; tooLong: string }) {
  return requiredText(options, asName);
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
export const id = z
  .uuid({ error: messages.invalidId })
  .lowercase({ error: messages.invalidId })
  // The lower-case rule would otherwise stand in for `format: uuid` in the API document.
  .meta({ format: 'uuid' });

/**
 * The family of the row a write names (a post it edits, a member it removes), so the server reads and writes that
 * row in its family alone (decision 0067). Absent only from writes queued by an app from before: the server then
 * finds the family by the row's id.
 */
export const familyOfRow = id.optional();

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
  .overwrite(asName)
  .trim()
  .min(1, { error: messages.usernameRequired })
  .min(limits.usernameMin, { error: messages.usernameTooShort })
  .max(limits.usernameMax, { error: messages.usernameTooLong })
  .regex(/^[\p{L}\p{N}._-]+$/u, { error: messages.usernameCharacters });

/** First or last name: optional, blank means none. */
export const personName = z
  .string({ error: 'Must be text' })
  .overwrite(asName)
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
