/**
 * When a birthday (`--MM-DD` or `YYYY-MM-DD`) comes each year, for the screens and for calendar files alike:
 * 29 February falls on 28 February in the years that have none.
 */

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The day a birthday (`--MM-DD` or `YYYY-MM-DD`) falls on in `year`. */
export function birthdayIn(birthday: string, year: number): string {
  const monthDay = birthday.slice(-5);
  const day = monthDay === '02-29' && !isLeapYear(year) ? '02-28' : monthDay;
  return `${String(year).padStart(4, '0')}-${day}`;
}

/** The next time a birthday comes, on `today` (a calendar day) or after. */
export function nextBirthday(birthday: string, today: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = birthdayIn(birthday, year);
  return thisYear >= today ? thisYear : birthdayIn(birthday, year + 1);
}
