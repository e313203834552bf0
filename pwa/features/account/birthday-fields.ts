import { dateWords, type DateWords } from '../../lib/format-date.ts';

/**
 * A birthday in the profile editor: a day and a month to pick, a year to add if the person likes (only they see it),
 * and the one string the server keeps (`1946-05-03`, or `--05-03` without the year).
 */

export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export type BirthdayFields = { birthDay: string; birthMonth: string; birthYear: string };

export function birthdayFields(birthday: string | null | undefined): BirthdayFields {
  if (!birthday) return { birthDay: '', birthMonth: '', birthYear: '' };
  const year = birthday.slice(0, -6);
  return {
    birthDay: String(Number(birthday.slice(-2))),
    birthMonth: String(Number(birthday.slice(-5, -3))),
    birthYear: year === '-' ? '' : year,
  };
}

/** The birthday the fields say (null for none), or which field to fix and why. */
export function birthdayFromFields({
  birthDay,
  birthMonth,
  birthYear,
}: BirthdayFields): { birthday: string | null } | { field: keyof BirthdayFields; problem: string } {
  const year = birthYear.trim();
  if (!birthDay && !birthMonth && !year) return { birthday: null };
  if (!birthDay) return { field: 'birthDay', problem: 'Choose the day too' };
  if (!birthMonth) return { field: 'birthMonth', problem: 'Choose the month too' };
  if (year && !/^\d{4}$/.test(year))
    return { field: 'birthYear', problem: 'Write the year with four digits, or leave it empty' };
  const two = (value: string) => value.padStart(2, '0');
  return { birthday: `${year || '-'}-${two(birthMonth)}-${two(birthDay)}` };
}

/** "3 May", or "3 May 1946" where the year is known (to its owner), in the device's order ("May 3, 1946"). */
export function formatBirthday(birthday: string, words: DateWords = dateWords): string {
  const { birthDay, birthMonth, birthYear } = birthdayFields(birthday);
  // A leap year stands in for an unknown one, so 29 February is a day.
  const date = new Date(Date.UTC(Number(birthYear || 2000), Number(birthMonth) - 1, Number(birthDay)));
  const year = birthYear ? ({ year: 'numeric' } as const) : {};
  return words.format({ day: 'numeric', month: 'long', timeZone: 'UTC', ...year }).format(date);
}
