import { deviceSessionStore } from '../device-session/device-session-store.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import * as styles from './unread-chat-badge.css.ts';
import { useUnreadChatCount } from './unread-chat.ts';

/**
 * The spec's dot on Chat, with the count in it; read with the link's name as "Chat (3 unread)". The header is drawn
 * before the device's database has opened: until then there is nothing to count.
 */
export function UnreadChatBadge({ corner = false }: { corner?: boolean }) {
  return deviceSessionStore.use().db ? <UnreadCount corner={corner} /> : null;
}

function UnreadCount({ corner }: { corner: boolean }) {
  const unread = useUnreadChatCount();
  if (unread === 0) return null;
  return (
    <>
      <span className={corner ? styles.corner : styles.badge} aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
      <span className={visuallyHidden}> ({unread} unread)</span>
    </>
  );
}
