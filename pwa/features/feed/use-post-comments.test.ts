import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HearthDb } from '../../db/hearth-db.ts';
import { createTestDb, testUser } from '../../sync/testing/test-db.ts';
import { writeLocally } from '../../sync/write.ts';
import { readPostComments } from './use-post-comments.ts';

const ada = testUser('ada');
const grace = testUser('grace');
let db: HearthDb;

beforeEach(() => {
  db = createTestDb();
});

afterEach(async () => {
  await db.delete();
});

describe('readPostComments', () => {
  it("gives one post's comments oldest first, with their authors, and none of another post's", async () => {
    const familyId = crypto.randomUUID();
    const postId = crypto.randomUUID();
    const otherPostId = crypto.randomUUID();
    const at = (minute: number) => ({ now: new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString() });
    await writeLocally(db, { signedInUser: ada, ...at(0) }, 'family.create', {
      familyId,
      memberId: crypto.randomUUID(),
      name: 'The Lovelaces',
    });
    await db.users.put(grace);
    await writeLocally(db, { signedInUser: ada, ...at(1) }, 'post.create', { postId, familyId, content: 'News' });
    await writeLocally(db, { signedInUser: ada, ...at(1) }, 'post.create', {
      postId: otherPostId,
      familyId,
      content: 'Other news',
    });
    await writeLocally(db, { signedInUser: grace, ...at(5) }, 'comment.create', {
      commentId: crypto.randomUUID(),
      postId,
      content: 'Second',
    });
    await writeLocally(db, { signedInUser: ada, ...at(3) }, 'comment.create', {
      commentId: crypto.randomUUID(),
      postId,
      content: '  First\nwith a line break  ',
    });
    await writeLocally(db, { signedInUser: grace, ...at(4) }, 'comment.create', {
      commentId: crypto.randomUUID(),
      postId: otherPostId,
      content: 'Elsewhere',
    });

    const comments = await readPostComments(db, postId);

    expect(comments.map(({ content, author }) => ({ content, author }))).toEqual([
      { content: 'First\nwith a line break', author: ada },
      { content: 'Second', author: grace },
    ]);
  });
});
