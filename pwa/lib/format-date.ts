const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "21 November 2026": unambiguous for every reader, whatever order they write dates in. */
export function formatLongDate(isoTimestamp: string): string {
  return longDate.format(new Date(isoTimestamp));
}
