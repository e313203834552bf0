import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { display } from '../../../../schema/limits.ts';
import { useHearthDb } from '../../device-session/device-session-store.ts';
import { formatEventWhen, isUpcoming, viewerTimeZone } from '../../events/event-times.ts';
import { DashboardPanel } from './dashboard-panel.tsx';
import * as styles from './dashboard-panels.css.ts';

/** The family's next events (spec §9: three), soonest first: those starting now or later, from the device. */
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
  return (
    <DashboardPanel title="Upcoming Events">
      {events === undefined ? null : events.length === 0 ? (
        <p className={styles.empty}>No upcoming events. Birthdays, visits and get-togethers will show up here.</p>
      ) : (
        <ol className={styles.eventList}>
          {events.map((event) => (
            <li key={event.id} className={styles.event}>
              <span className={styles.eventTitle}>{event.title}</span>
              <time dateTime={event.startDate} className={styles.muted}>
                {formatEventWhen(event, timeZone)}
              </time>
              {event.location ? <span className={styles.muted}>{event.location}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </DashboardPanel>
  );
}
