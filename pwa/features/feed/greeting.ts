/** "Good morning" until noon, "Good afternoon" until six, "Good evening" after, by the device's clock. */
export function timeOfDayGreeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
