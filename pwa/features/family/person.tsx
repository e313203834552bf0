import type { ComponentProps } from 'react';
import type { SyncedUser } from '../../../schema/sync.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { initials, publicName } from '../account/display-name.ts';

/*
 * A family member as the family's screens show them (an author, a liker, a member), from their user row; `undefined`
 * is someone whose row has not reached this device yet: it arrives with the next pull.
 */

export function personName(user: SyncedUser | undefined): string {
  return user ? publicName(user) : 'A family member';
}

type PersonAvatarProps = { user: SyncedUser | undefined; size?: ComponentProps<typeof Avatar>['size'] };

export function PersonAvatar({ user, size }: PersonAvatarProps) {
  return <Avatar imageUrl={user?.profileImageUrl ?? null} initials={user ? initials(user) : '?'} size={size} />;
}
