import { useLiveQuery } from 'dexie-react-hooks';
import { publicName } from '../../../schema/public-name.ts';
import { relationshipSeenBy } from '../../../schema/relationship-seen-by.ts';
import type { SyncedMember, SyncedUser } from '../../../schema/sync.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';

/**
 * A membership with the person's public fields, and those of whom their relationship is to (`relativeTo`, decision
 * 0062); a user is missing only until their row reaches this device.
 */
export type FamilyMemberView = SyncedMember & { user: SyncedUser | undefined; relativeTo: SyncedUser | undefined };

/** A family's members with their names, in the order they joined, straight from the device. */
export function useFamilyMembers(familyId: string): FamilyMemberView[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(async () => {
    const members = await db.members.where('familyId').equals(familyId).toArray();
    members.sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
    const ids = new Set(members.flatMap((member) => [member.userId, member.relativeToId ?? member.userId]));
    const found = await db.users.bulkGet([...ids]);
    const users = new Map(found.flatMap((user) => (user ? [[user.id, user] as const] : [])));
    return members.map((member) => ({
      ...member,
      user: users.get(member.userId),
      relativeTo: member.relativeToId ? users.get(member.relativeToId) : undefined,
    }));
  }, [db, familyId]);
}

/** How each member reads to the viewer ("Your father", "Rose Miller's son"), by member id. */
export function relationshipsSeenBy(viewerId: string, members: readonly FamilyMemberView[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const member of members) {
    if (member.user) names.set(member.userId, publicName(member.user));
    if (member.relativeTo) names.set(member.relativeTo.id, publicName(member.relativeTo));
  }
  return new Map(
    members.map((member) => [member.id, relationshipSeenBy(viewerId, member, members, (id) => names.get(id))]),
  );
}
