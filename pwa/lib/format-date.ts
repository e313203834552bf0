const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "21 November 2026": unambiguous for every reader, whatever order they write dates in. */
export function formatLongDate(isoTimestamp: string): string {
  return longDate.format(new Date(isoTimestamp));
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const exactDateTime = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** "just now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago", then the date itself. */
export function formatRelativeTime(isoTimestamp: string, now: number = Date.now()): string {
  const elapsed = now - Date.parse(isoTimestamp);
  // A clock a little ahead of the server's makes fresh posts look a few seconds old, never "in 3 seconds".
  if (elapsed < minute) return 'just now';
  if (elapsed < hour) return relative.format(-Math.floor(elapsed / minute), 'minute');
  if (elapsed < day) return relative.format(-Math.floor(elapsed / hour), 'hour');
  if (elapsed < 7 * day) return relative.format(-Math.floor(elapsed / day), 'day');
  return formatLongDate(isoTimestamp);
}

/** "Saturday 21 November 2026 at 14:05": the exact moment, for a tooltip or a long press. */
export function formatExactDateTime(isoTimestamp: string): string {
  return exactDateTime.format(new Date(isoTimestamp));
}
