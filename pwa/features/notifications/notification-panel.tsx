import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { Fragment } from 'react';
import { dayLabel, formatRelativeTime, localDay } from '../../lib/format-date.ts';
import { Button } from '../../ui/button.tsx';
import { useSignedInUser } from '../account/auth-store.ts';
import type { NotificationType } from '../../../schema/entities.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { personName } from '../family/person.tsx';
import { rememberSelectedFamily } from '../family/selected-family.ts';
import { readUsersById } from '../feed/read-users.ts';
import { useQuickWrite } from '../feed/use-quick-write.ts';
import { notificationHref, notificationText } from '../../../schema/notification-text.ts';
import * as styles from './notification-panel.css.ts';

/** How many of the newest the list shows: gathered as they are, that is weeks of a busy family. */
const shown = 50;

/** The write that marks a notification read, in its family. */
const readArgs = ({ id, familyId }: { id: string; familyId: string }) => ({ notificationId: id, familyId });

/**
 * The person's notifications, newest first by day, from the device (so they read offline). Opening one marks it read
 * and goes to what it is about, in its family; Mark all as read reads them all.
 */
export function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const db = useHearthDb();
  const user = useSignedInUser();
  const quickWrite = useQuickWrite();
  const navigate = useNavigate();
  const list = useLiveQuery(async () => {
    const newest = await db.notifications.orderBy('updatedAt').reverse().limit(shown).toArray();
    const [actors, families] = await Promise.all([
      readUsersById(
        db,
        newest.flatMap((notification) => (notification.actorId ? [notification.actorId] : [])),
      ),
      db.families.bulkGet([...new Set(newest.map((notification) => notification.familyId))]),
    ]);
    const familyNames = new Map(families.flatMap((family) => (family ? [[family.id, family.name] as const] : [])));
    return newest.map((notification) => ({
      ...notification,
      ...notificationText(
        notification,
        personName(notification.actorId ? actors.get(notification.actorId) : undefined),
        familyNames.get(notification.familyId) ?? 'your family',
      ),
    }));
  }, [db]);
  if (!list) return null;
  const unread = list.filter((notification) => !notification.isRead);

  async function open(notification: {
    id: string;
    isRead: boolean;
    familyId: string;
    type: NotificationType;
    relatedId: string | null;
  }) {
    if (!notification.isRead) void quickWrite('notification.read', readArgs(notification));
    rememberSelectedFamily(user.id, notification.familyId);
    onNavigate();
    await navigate({ href: notificationHref(notification) });
  }

  return (
    <section className={styles.panel} aria-labelledby="notifications-title">
      <div className={styles.header}>
        <h2 id="notifications-title" className={styles.title}>
          Notifications
        </h2>
        {unread.length > 0 ? (
          <Button
            variant="ghost"
            onClick={() => {
              for (const notification of unread) {
                void quickWrite('notification.read', readArgs(notification));
              }
            }}
          >
            Mark all as read
          </Button>
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className={styles.empty}>You're all caught up. News from your family will show here.</p>
      ) : (
        <ul className={styles.list}>
          {list.map((notification, index) => {
            const day = localDay(notification.updatedAt);
            const newDay = index === 0 || localDay(list[index - 1]!.updatedAt) !== day;
            return (
              <Fragment key={notification.id}>
                {newDay ? (
                  <li className={styles.day} aria-hidden="true">
                    {dayLabel(notification.updatedAt)}
                  </li>
                ) : null}
                <li>
                  <button
                    type="button"
                    className={styles.item}
                    data-unread={notification.isRead ? undefined : true}
                    onClick={() => void open(notification)}
                  >
                    <span className={styles.itemTitle}>
                      {notification.isRead ? null : <span className={styles.unreadWord}>Unread: </span>}
                      {notification.title}
                    </span>
                    {notification.quote ? <span className={styles.quote}>“{notification.quote}”</span> : null}
                    <time className={styles.time} dateTime={notification.updatedAt}>
                      {formatRelativeTime(notification.updatedAt)}
                    </time>
                  </button>
                </li>
              </Fragment>
            );
          })}
        </ul>
      )}
    </section>
  );
}
