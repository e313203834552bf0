import { useLiveQuery } from 'dexie-react-hooks';
import { Avatar } from '../../ui/avatar.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { initials } from '../account/display-name.ts';
import { useHearthDb } from '../sync/device-session-store.ts';
import * as styles from './likers-dialog.css.ts';
import { likersForDisplay } from './likers.ts';
import { readUsersById } from './read-users.ts';

type LikersDialogProps = { open: boolean; onClose: () => void; likerIds: string[]; viewerId: string };

/** Who liked a post, with their pictures: "You" first, then the others in the order they liked it. */
export function LikersDialog({ open, onClose, likerIds, viewerId }: LikersDialogProps) {
  const db = useHearthDb();
  const usersById = useLiveQuery(() => readUsersById(db, likerIds), [db, likerIds.join()]);
  return (
    <Dialog open={open} onClose={onClose} title="Who liked this">
      <ul className={styles.list}>
        {likersForDisplay(likerIds, usersById ?? new Map(), viewerId).map(({ userId, name, user }) => (
          <li key={userId} className={styles.person}>
            <Avatar imageUrl={user?.profileImageUrl ?? null} initials={user ? initials(user) : '?'} size="sm" />
            {name}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
