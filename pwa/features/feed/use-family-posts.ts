import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedPost, SyncedUser } from '../../../schema/sync.ts';
import { useHearthDb } from '../sync/device-session-store.ts';

export type FeedPost = SyncedPost & { author: SyncedUser | undefined };

/** The newest `limit` posts of a family, newest first, with their authors, straight from the device. */
export function useFamilyPosts(familyId: string, limit: number): { posts: FeedPost[] | undefined; hasMore: boolean } {
  const db = useHearthDb();
  const result = useLiveQuery(async () => {
    const posts = await db.posts
      .where('[familyId+createdAt]')
      .between([familyId, Dexie.minKey], [familyId, Dexie.maxKey])
      .reverse()
      .limit(limit + 1)
      .toArray();
    const shown = posts.slice(0, limit);
    const authors = await db.users.bulkGet([...new Set(shown.map((post) => post.authorId))]);
    const byId = new Map(authors.flatMap((author) => (author ? [[author.id, author] as const] : [])));
    return { posts: shown.map((post) => ({ ...post, author: byId.get(post.authorId) })), hasMore: posts.length > limit };
  }, [db, familyId, limit]);
  return { posts: result?.posts, hasMore: result?.hasMore ?? false };
}
