import { useLiveQuery } from 'dexie-react-hooks';
import { useSignedInUser } from '../account/auth-store.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';

/**
 * Whether the signed-in person is an admin of the family, so screens offer them what admins may do (Delete on
 * everyone's posts and comments, Turn off on everyone's invite links). Only what is offered: the server checks the
 * role again when the write arrives.
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
