import type { SyncedUser } from '../../../schema/sync.ts';
import { personName } from '../family/person.tsx';

export type Liker = { userId: string; name: string; user: SyncedUser | undefined };

/**
 * The people who liked a post as the "who liked this" list shows them: the signed-in person first, called "You",
 * then everyone else in the order they liked it.
 */
export function likersForDisplay(
  likerIds: readonly string[],
  usersById: ReadonlyMap<string, SyncedUser>,
  viewerId: string,
): Liker[] {
  const ordered = likerIds.includes(viewerId)
    ? [viewerId, ...likerIds.filter((userId) => userId !== viewerId)]
    : likerIds;
  return ordered.map((userId) => {
    const user = usersById.get(userId);
    const name = userId === viewerId ? 'You' : personName(user);
    return { userId, name, user };
  });
}
