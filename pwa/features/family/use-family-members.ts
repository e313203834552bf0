import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedMember, SyncedUser } from '../../../schema/sync.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';

/** A membership with the person's public fields; `user` is missing only until their row reaches this device. */
export type FamilyMemberView = SyncedMember & { user: SyncedUser | undefined };

/** A family's members with their names, in the order they joined, straight from the device. */
export function useFamilyMembers(familyId: string): FamilyMemberView[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(async () => {
    const members = await db.members.where('familyId').equals(familyId).toArray();
    members.sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
    const users = await db.users.bulkGet(members.map((member) => member.userId));
    return members.map((member, index) => ({ ...member, user: users[index] }));
  }, [db, familyId]);
}
