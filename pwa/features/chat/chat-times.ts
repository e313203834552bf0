// Days and clock times of a list grouped by day: the chat's, and the notifications' too. Kept out of pwa/lib/, whose
// modules every page downloads first (vite.config.ts), so they come with the screens that use them.
const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const weekdayDate = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
const fullDate = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "14:05" or "2:05 PM", as the person's device writes times. */
export function clockTime(isoTimestamp: string): string {
  return clock.format(new Date(isoTimestamp));
}

/** The local calendar day of a time, to group messages by ("2026-11-25"). */
export function localDay(isoTimestamp: string | Date): string {
  const date = new Date(isoTimestamp);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** A day separator's words: "Today", "Yesterday", "Monday 23 November", with the year when it is not this one. */
export function dayLabel(isoTimestamp: string, now: Date = new Date()): string {
  const day = localDay(isoTimestamp);
  if (day === localDay(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (day === localDay(yesterday)) return 'Yesterday';
  const date = new Date(isoTimestamp);
  return (date.getFullYear() === now.getFullYear() ? weekdayDate : fullDate).format(date);
}
