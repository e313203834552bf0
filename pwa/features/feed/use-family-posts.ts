import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedPost, SyncedUser } from '../../../schema/sync.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { readUsersById } from './read-users.ts';

export type FeedPost = SyncedPost & {
  author: SyncedUser | undefined;
  /** Who liked it, in the order they did. */
  likerIds: string[];
  commentCount: number;
};

export type FamilyPostsPage = { posts: FeedPost[]; hasMore: boolean };

/** The newest `limit` posts of a family, newest first, with their authors, likes and how many comments each has. */
export async function readFamilyPosts(db: HearthDb, familyId: string, limit: number): Promise<FamilyPostsPage> {
  const newest = await db.posts
    .where('[familyId+createdAt]')
    .between([familyId, Dexie.minKey], [familyId, Dexie.maxKey])
    .reverse()
    .limit(limit + 1)
    .toArray();
  const posts = newest.slice(0, limit);
  const postIds = posts.map((post) => post.id);
  const authorIds = posts.map((post) => post.authorId);
  const [authorsById, reactions, commentedPostIds] = await Promise.all([
    readUsersById(db, authorIds),
    db.reactions.where('postId').anyOf(postIds).toArray(),
    // The index keys alone (one post id per comment): counting needs no comment text.
    db.comments.where('postId').anyOf(postIds).keys() as Promise<string[]>,
  ]);
  const likerIds = new Map<string, string[]>();
  for (const like of reactions.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    if (like.reactionType === 'like') likerIds.set(like.postId, [...(likerIds.get(like.postId) ?? []), like.userId]);
  }
  const commentCounts = new Map<string, number>();
  for (const postId of commentedPostIds) commentCounts.set(postId, (commentCounts.get(postId) ?? 0) + 1);
  return {
    posts: posts.map((post) => ({
      ...post,
      author: authorsById.get(post.authorId),
      likerIds: likerIds.get(post.id) ?? [],
      commentCount: commentCounts.get(post.id) ?? 0,
    })),
    hasMore: newest.length > limit,
  };
}

/** The family's newest posts as `readFamilyPosts` gives them, kept current as the device database changes. */
export function useFamilyPosts(familyId: string, limit: number): { posts: FeedPost[] | undefined; hasMore: boolean } {
  const db = useHearthDb();
  const page = useLiveQuery(() => readFamilyPosts(db, familyId, limit), [db, familyId, limit]);
  return { posts: page?.posts, hasMore: page?.hasMore ?? false };
}
