import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { chatReadKey } from '../../../schema/sync-protocol.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useSelectedFamily } from '../family/selected-family.ts';

/** The highest message number this person has read in the family (0: none). */
export async function readPosition(db: HearthDb, familyId: string, userId: string): Promise<number> {
  return (await db.chatReads.get(chatReadKey({ familyId, userId })))?.readThrough ?? 0;
}

/**
 * Messages others sent after this person's read position (and after they joined), not deleted: the number on the
 * Chat tab. Counted from the device, so it is right offline and changes the moment a message arrives.
 */
export async function countUnread(db: HearthDb, familyId: string, userId: string): Promise<number> {
  const [readThrough, member] = await Promise.all([
    readPosition(db, familyId, userId),
    db.members.where('[familyId+userId]').equals([familyId, userId]).first(),
  ]);
  const joinedAt = member?.joinedAt ?? '';
  return db.messages
    .where('[familyId+number]')
    .between([familyId, readThrough + 1], [familyId, Dexie.maxKey])
    .filter((message) => message.senderId !== userId && message.deletedAt === null && message.createdAt >= joinedAt)
    .count();
}

/** The unread count of the family the Chat screen shows (the selected one); 0 while nothing is known. */
export function useUnreadChatCount(): number {
  const db = useHearthDb();
  const user = useSignedInUser();
  const familyId = useSelectedFamily().selected?.id;
  return useLiveQuery(() => (familyId ? countUnread(db, familyId, user.id) : 0), [db, familyId, user.id]) ?? 0;
}
