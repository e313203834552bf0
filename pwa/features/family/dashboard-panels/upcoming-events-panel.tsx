import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { display } from '../../../../schema/limits.ts';
import { formatExactDateTime } from '../../../lib/format-date.ts';
import { useHearthDb } from '../../device-session/device-session-store.ts';
import { DashboardPanel } from './dashboard-panel.tsx';
import * as styles from './dashboard-panels.css.ts';

/** The family's next events (spec §9: three), soonest first: those starting now or later, from the device. */
export function UpcomingEventsPanel({ familyId }: { familyId: string }) {
  const db = useHearthDb();
  // Fixed while the home is open: an event that starts meanwhile stays listed until the next visit.
  const [now] = useState(() => new Date().toISOString());
  const events = useLiveQuery(
    () =>
      db.events
        .where('[familyId+startDate]')
        .between([familyId, now], [familyId, Dexie.maxKey], true, true)
        .limit(display.upcomingEvents)
        .toArray(),
    [db, familyId, now],
  );
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
                {formatExactDateTime(event.startDate)}
              </time>
              {event.location ? <span className={styles.muted}>{event.location}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </DashboardPanel>
  );
}
