import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { display } from '../../../../schema/limits.ts';
import { useHearthDb } from '../../device-session/device-session-store.ts';
import { birthdayTimes, upcomingWithBirthdays } from '../../events/birthdays.ts';
import { calendarDay, formatEventWhen, isUpcoming, viewerTimeZone } from '../../events/event-times.ts';
import { useFamilyBirthdays } from '../../events/use-family-events.ts';
import { DashboardPanel } from './dashboard-panel.tsx';
import * as styles from './dashboard-panels.css.ts';

/**
 * The family's next events (product.md §9: three), soonest first: those starting now or later and the members' coming
 * birthdays, from the device.
 */
export function UpcomingEventsPanel({ familyId }: { familyId: string }) {
  const db = useHearthDb();
  // Fixed while the home is open: an event that starts meanwhile stays listed until the next visit.
  const [now] = useState(() => new Date());
  const timeZone = viewerTimeZone();
  const events = useLiveQuery(async () => {
    // From two days back: an all-day event of today (or of several days) is stored from its first day's midnight UTC.
    const from = new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000).toISOString();
    return db.events
      .where('[familyId+startDate]')
      .between([familyId, from], [familyId, Dexie.maxKey], true, true)
      .filter((event) => isUpcoming(event, now, timeZone))
      .limit(display.upcomingEvents)
      .toArray();
  }, [db, familyId, now, timeZone]);
  const birthdays = useFamilyBirthdays(familyId, calendarDay(now, timeZone));
  const soonest =
    events && birthdays
      ? upcomingWithBirthdays(events, birthdays, timeZone)
          .slice(0, display.upcomingEvents)
          .map((entry) =>
            entry.kind === 'event'
              ? { key: entry.event.id, title: entry.event.title, times: entry.event, location: entry.event.location }
              : {
                  key: `birthday:${entry.birthday.userId}`,
                  title: `${entry.birthday.name}’s birthday`,
                  times: birthdayTimes(entry.birthday),
                  location: null,
                },
          )
      : undefined;
  return (
    <DashboardPanel title="Upcoming Events">
      {soonest === undefined ? null : soonest.length === 0 ? (
        <p className={styles.empty}>No upcoming events. Birthdays, visits and get-togethers will show up here.</p>
      ) : (
        <ol className={styles.eventList}>
          {soonest.map((entry) => (
            <li key={entry.key} className={styles.event}>
              <span className={styles.eventTitle}>{entry.title}</span>
              <time dateTime={entry.times.startDate} className={styles.muted}>
                {formatEventWhen(entry.times, timeZone)}
              </time>
              {entry.location ? <span className={styles.muted}>{entry.location}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </DashboardPanel>
  );
}
