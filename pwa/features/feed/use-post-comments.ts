import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedComment, SyncedUser } from '../../../schema/sync.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { readUsersById } from './read-users.ts';

export type ThreadComment = SyncedComment & { author: SyncedUser | undefined };

/** A post's comments, oldest first (a conversation reads top to bottom), with their authors. */
export async function readPostComments(db: HearthDb, postId: string): Promise<ThreadComment[]> {
  const comments = await db.comments.where('postId').equals(postId).toArray();
  // Two comments of one moment keep one order on every device.
  comments.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const authorIds = comments.map((comment) => comment.authorId);
  const authorsById = await readUsersById(db, authorIds);
  return comments.map((comment) => ({ ...comment, author: authorsById.get(comment.authorId) }));
}

/** The comments as `readPostComments` gives them, kept current as the device database changes. */
export function usePostComments(postId: string): ThreadComment[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(() => readPostComments(db, postId), [db, postId]);
}
