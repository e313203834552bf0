import { useLiveQuery } from 'dexie-react-hooks';
import { Suspense, useId } from 'react';
import { preloadable } from '../../lib/preloadable.tsx';
import { deviceSessionStore, useHearthDb } from '../device-session/device-session-store.ts';
import { useDisclosure } from '../shell/use-disclosure.ts';
import { BellIcon } from './bell-icon.tsx';
import * as styles from './notification-bell.css.ts';

/** The list comes when the bell is first opened, not with every signed-in page. */
const notificationPanel = preloadable(() =>
  import('./notification-panel.tsx').then(({ NotificationPanel }) => NotificationPanel),
);

/**
 * The spec's bell, with a dot counting what is unread ("Notifications, 4 unread"), opening the person's notifications.
 * Drawn before the device's database has opened: until then it counts nothing.
 */
export function NotificationBell() {
  const panelId = useId();
  const menu = useDisclosure<HTMLDivElement>();
  const ready = deviceSessionStore.use().db !== null;
  return (
    <div className={styles.bellMenu}>
      {ready ? (
        <BellButton panelId={panelId} isOpen={menu.isOpen} buttonRef={menu.buttonRef} onToggle={menu.toggle} />
      ) : null}
      <div id={panelId} ref={menu.panelRef} hidden={!menu.isOpen} className={styles.panel}>
        {menu.isOpen ? (
          <Suspense fallback={null}>
            <notificationPanel.Component onNavigate={menu.close} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

function BellButton({
  panelId,
  isOpen,
  buttonRef,
  onToggle,
}: {
  panelId: string;
  isOpen: boolean;
  buttonRef: React.RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
}) {
  const db = useHearthDb();
  const unread = useLiveQuery(() => db.notifications.filter((notification) => !notification.isRead).count(), [db]) ?? 0;
  return (
    <button
      ref={buttonRef}
      type="button"
      className={styles.bell}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      aria-expanded={isOpen}
      aria-controls={panelId}
      onPointerEnter={() => void notificationPanel.preload()}
      onClick={onToggle}
    >
      <BellIcon size="1.375rem" />
      {unread > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}
