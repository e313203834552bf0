import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MutationArgs, MutationName, SyncedUser } from '../../../schema/sync.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { createTestDb, testUser } from '../../sync/testing/test-db.ts';
import { writeLocally } from '../../sync/write.ts';
import { readFamilyPosts } from './use-family-posts.ts';

const ada = testUser('ada');
const grace = testUser('grace');
const alan = testUser('alan');
let db: HearthDb;
let familyId: string;
let minute = 0;

/** Each write a minute after the one before, as a person (and the server's clock) would make them. */
function write<N extends MutationName>(author: SyncedUser, name: N, args: MutationArgs<N>) {
  minute += 1;
  const now = new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString();
  return writeLocally(db, { signedInUser: author, now }, name, args);
}

async function post(author: SyncedUser, content: string, inFamily = familyId): Promise<string> {
  const postId = crypto.randomUUID();
  await write(author, 'post.create', { postId, familyId: inFamily, content });
  return postId;
}

function like(person: SyncedUser, postId: string, reacted = true) {
  return write(person, 'reaction.set', { postId, reactionType: 'like', reacted });
}

beforeEach(async () => {
  db = createTestDb();
  familyId = crypto.randomUUID();
  await write(ada, 'family.create', { familyId, memberId: crypto.randomUUID(), name: 'The Lovelaces' });
  await db.users.bulkPut([grace, alan]);
});

afterEach(async () => {
  await db.delete();
});

describe('readFamilyPosts', () => {
  it('gives the newest posts first, a page at a time, and says when there are older ones', async () => {
    const first = await post(ada, 'First');
    const second = await post(grace, 'Second');
    const third = await post(ada, 'Third');

    const page = await readFamilyPosts(db, familyId, 2);

    expect(page.posts.map((shown) => shown.id)).toEqual([third, second]);
    expect(page.hasMore).toBe(true);
    const everything = await readFamilyPosts(db, familyId, 3);
    expect(everything.posts.map((shown) => shown.id)).toEqual([third, second, first]);
    expect(everything.hasMore).toBe(false);
  });

  it("leaves out other families' posts and joins each post's author", async () => {
    const otherFamilyId = crypto.randomUUID();
    await write(ada, 'family.create', { familyId: otherFamilyId, memberId: crypto.randomUUID(), name: 'Others' });
    await post(ada, 'Elsewhere', otherFamilyId);
    await post(grace, 'Hello from Grace');

    const { posts } = await readFamilyPosts(db, familyId, 20);

    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ content: 'Hello from Grace', authorId: grace.id, author: grace });
  });

  it("counts each post's likes (who, in the order they liked) and comments", async () => {
    const liked = await post(grace, 'Liked and discussed');
    const quiet = await post(ada, 'Nobody noticed');
    await like(alan, liked);
    await like(ada, liked);
    await like(grace, liked);
    await like(grace, liked, false);
    await write(ada, 'comment.create', { commentId: crypto.randomUUID(), postId: liked, content: 'Lovely' });
    await write(alan, 'comment.create', { commentId: crypto.randomUUID(), postId: liked, content: 'Agreed' });

    const { posts } = await readFamilyPosts(db, familyId, 20);

    expect(posts.map(({ id, likerIds, commentCount }) => ({ id, likerIds, commentCount }))).toEqual([
      { id: quiet, likerIds: [], commentCount: 0 },
      { id: liked, likerIds: [alan.id, ada.id], commentCount: 2 },
    ]);
  });

  it('forgets a deleted post with its likes and comments, and shows an edit', async () => {
    const kept = await post(ada, 'Frist post');
    const deleted = await post(ada, 'Oops');
    await like(grace, deleted);
    await write(grace, 'comment.create', { commentId: crypto.randomUUID(), postId: deleted, content: 'Hm?' });
    await write(ada, 'post.delete', { postId: deleted });
    await write(ada, 'post.update', { postId: kept, content: 'First post' });

    const { posts } = await readFamilyPosts(db, familyId, 20);

    expect(posts.map(({ id, content, likerIds, commentCount }) => ({ id, content, likerIds, commentCount }))).toEqual([
      { id: kept, content: 'First post', likerIds: [], commentCount: 0 },
    ]);
    expect(await db.comments.count()).toBe(0);
    expect(await db.reactions.count()).toBe(0);
  });
});
