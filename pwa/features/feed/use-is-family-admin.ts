import { useLiveQuery } from 'dexie-react-hooks';
import { useSignedInUser } from '../account/auth-store.ts';
import { useHearthDb } from '../sync/device-session-store.ts';

/**
 * Whether the signed-in person is an admin of the family, so the feed offers them Delete on everyone's posts and
 * comments. Only what is offered: the server checks the role again when the delete arrives.
 */
export function useIsFamilyAdmin(familyId: string): boolean {
  const db = useHearthDb();
  const user = useSignedInUser();
  const membership = useLiveQuery(
    () => db.members.where('[familyId+userId]').equals([familyId, user.id]).first(),
    [db, familyId, user.id],
  );
  return membership?.role === 'admin';
}
