import { useLiveQuery } from 'dexie-react-hooks';
import { Dialog } from '../../ui/dialog.tsx';
import { PersonAvatar } from '../family/person.tsx';
import { useHearthDb } from '../device-session/device-session-store.ts';
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
            <PersonAvatar user={user} size="sm" />
            {name}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
