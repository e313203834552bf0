import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reactionKey, type FamilyPull, type PullResponse, type SyncedPost } from '../../schema/sync.ts';
import type { HearthDb } from '../db/hearth-db.ts';
import { applyPullResponse, rebase, startOverWithServer } from './rebase.ts';
import { isFirstPullDone, readCursor, readEpoch } from './sync-state.ts';
import { createTestDb, testUser } from './testing/test-db.ts';
import { writeLocally } from './write.ts';

const ada = testUser('ada');
const grace = testUser('grace');
const localTime = '2025-05-01T10:00:00.000Z';
const serverTime = '2030-01-01T00:00:00.000Z';
const familyId = crypto.randomUUID();
let db: HearthDb;

function post(id: string, authorId: string, content: string): SyncedPost {
  return { id, familyId, authorId, content, photoIds: [], createdAt: serverTime, updatedAt: serverTime };
}

function changes(version: number, ...items: Extract<FamilyPull, { status: 'changes' }>['changes']): FamilyPull {
  return { status: 'changes', familyId, changes: items, cursor: { familyId, version, resume: null } };
}

const epoch = crypto.randomUUID();

function pullResponse(families: FamilyPull[], lastAppliedSeq = 0, more = false): PullResponse {
  return { epoch, lastAppliedSeq, families, users: [ada, grace], more };
}

const family = {
  id: familyId,
  name: 'The Lovelaces',
  description: null,
  createdById: ada.id,
  createdAt: serverTime,
  updatedAt: serverTime,
};
const adaMember = {
  id: crypto.randomUUID(),
  familyId,
  userId: ada.id,
  role: 'admin' as const,
  relationshipType: 'creator' as const,
  joinedAt: serverTime,
};

beforeEach(async () => {
  db = createTestDb();
  await applyPullResponse(
    db,
    pullResponse([
      changes(1, { table: 'families', op: 'put', row: family }, { table: 'members', op: 'put', row: adaMember }),
    ]),
  );
});

afterEach(async () => {
  await db.delete();
});

function writeAsAda(content: string, postId = crypto.randomUUID()) {
  return writeLocally(db, { signedInUser: ada, now: localTime }, 'post.create', { postId, familyId, content });
}

describe('rebase', () => {
  it('keeps a pending write visible when a pull brings other rows', async () => {
    const adaPostId = crypto.randomUUID();
    await writeAsAda('Still sending', adaPostId);
    const gracePostId = crypto.randomUUID();

    await applyPullResponse(
      db,
      pullResponse([changes(2, { table: 'posts', op: 'put', row: post(gracePostId, grace.id, 'Hello') })]),
    );

    expect((await db.posts.toArray()).map((row) => row.content).sort()).toEqual(['Hello', 'Still sending']);
    expect(await db.shadows.toArray()).toEqual([{ table: 'posts', id: adaPostId, row: null }]);
    expect(await readCursor(db, familyId)).toEqual({ familyId, version: 2, resume: null });
  });

  it('shows a pending edit on top of a newer server copy of the same row', async () => {
    const postId = crypto.randomUUID();
    await applyPullResponse(
      db,
      pullResponse([changes(2, { table: 'posts', op: 'put', row: post(postId, ada.id, 'v1') })]),
    );
    await writeLocally(db, { signedInUser: ada, now: localTime }, 'post.update', { postId, content: 'my edit' });

    const newer = { ...post(postId, ada.id, 'v2 from another device'), updatedAt: '2030-01-02T00:00:00.000Z' };
    await applyPullResponse(db, pullResponse([changes(3, { table: 'posts', op: 'put', row: newer })]));

    expect(await db.posts.get(postId)).toMatchObject({ content: 'my edit' });
    expect(await db.shadows.get(['posts', postId])).toEqual({ table: 'posts', id: postId, row: newer });
  });

  it('replaces the optimistic row with the server copy, and forgets the write once a full pull covers it', async () => {
    const postId = crypto.randomUUID();
    const seq = await writeAsAda('Hello', postId);
    await db.outbox.update(seq, { status: 'sent' });

    await applyPullResponse(
      db,
      pullResponse([changes(2, { table: 'posts', op: 'put', row: post(postId, ada.id, 'Hello') })], seq),
    );

    expect(await db.posts.get(postId)).toMatchObject({ createdAt: serverTime });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
  });

  it('keeps a sent write while the pull has more pages, and pending writes always', async () => {
    const sentSeq = await writeAsAda('Sent');
    await db.outbox.update(sentSeq, { status: 'sent' });
    const pendingSeq = await writeAsAda('Pending');

    await applyPullResponse(db, pullResponse([], pendingSeq, true));
    expect((await db.outbox.toArray()).map((entry) => entry.seq)).toEqual([sentSeq, pendingSeq]);

    await applyPullResponse(db, pullResponse([], pendingSeq, false));
    expect((await db.outbox.toArray()).map((entry) => entry.seq)).toEqual([pendingSeq]);
    expect((await db.posts.toArray()).map((row) => row.content)).toEqual(['Pending']);
  });

  it('rolls back a refused write once it leaves the outbox, and does not re-apply it', async () => {
    const postId = crypto.randomUUID();
    const seq = await writeAsAda('Refused', postId);
    await db.outbox.delete(seq);

    await rebase(db);
    expect(await db.posts.get(postId)).toBeUndefined();
    await rebase(db);
    expect(await db.posts.get(postId)).toBeUndefined();
  });

  it('deletes the comments and reactions of a post the server deleted', async () => {
    const postId = crypto.randomUUID();
    const commentId = crypto.randomUUID();
    const reaction = {
      id: reactionKey({ postId, userId: grace.id, reactionType: 'like' }),
      familyId,
      postId,
      userId: grace.id,
      reactionType: 'like' as const,
      createdAt: serverTime,
    };
    await applyPullResponse(
      db,
      pullResponse([
        changes(
          2,
          { table: 'posts', op: 'put', row: post(postId, grace.id, 'Soon gone') },
          {
            table: 'comments',
            op: 'put',
            row: { id: commentId, familyId, postId, authorId: grace.id, content: 'Hi', createdAt: serverTime },
          },
          { table: 'reactions', op: 'put', row: reaction },
        ),
      ]),
    );
    // A comment of Ada's still waiting to send on that post: it goes too, the post is gone.
    const pendingCommentId = crypto.randomUUID();
    await writeLocally(db, { signedInUser: ada }, 'comment.create', {
      commentId: pendingCommentId,
      postId,
      content: 'Me too',
    });

    await applyPullResponse(db, pullResponse([changes(3, { table: 'posts', op: 'delete', id: postId })]));

    expect(await db.posts.get(postId)).toBeUndefined();
    expect(await db.comments.count()).toBe(0);
    expect(await db.reactions.count()).toBe(0);
  });

  it('a reset drops the copy of the family before its first page, and keeps pending writes on top', async () => {
    const keptPostId = crypto.randomUUID();
    const phantomPostId = crypto.randomUUID();
    const phantomCommentId = crypto.randomUUID();
    await applyPullResponse(
      db,
      pullResponse([
        changes(
          5,
          { table: 'posts', op: 'put', row: post(keptPostId, grace.id, 'Still there') },
          { table: 'posts', op: 'put', row: post(phantomPostId, grace.id, 'Deleted on the server since') },
          {
            table: 'comments',
            op: 'put',
            row: {
              id: phantomCommentId,
              familyId,
              postId: phantomPostId,
              authorId: grace.id,
              content: 'Gone too',
              createdAt: serverTime,
            },
          },
        ),
      ]),
    );
    const pendingPostId = crypto.randomUUID();
    await writeAsAda('Waiting to send', pendingPostId);
    await writeLocally(db, { signedInUser: ada }, 'reaction.set', {
      postId: keptPostId,
      reactionType: 'like',
      reacted: true,
    });

    // The server was restored from a backup: the family comes again from 0, the first page carrying only part of it.
    const firstPage: FamilyPull = {
      status: 'changes',
      familyId,
      reset: true,
      changes: [{ table: 'families', op: 'put', row: family }],
      cursor: { familyId, version: 0, resume: 'token' },
    };
    await applyPullResponse(db, pullResponse([firstPage], 0, true));

    expect(await db.families.get(familyId)).toEqual(family);
    expect(await db.members.count()).toBe(0);
    expect(await db.comments.count()).toBe(0);
    // Only what is still waiting to send is left of the old copy, applied on top of the new one.
    expect((await db.posts.toArray()).map((row) => row.id)).toEqual([pendingPostId]);
    expect(await db.reactions.count()).toBe(0);
    expect(await readCursor(db, familyId)).toEqual({ familyId, version: 0, resume: 'token' });

    await applyPullResponse(
      db,
      pullResponse([
        changes(
          3,
          { table: 'members', op: 'put', row: adaMember },
          { table: 'posts', op: 'put', row: post(keptPostId, grace.id, 'Still there') },
        ),
      ]),
    );
    expect((await db.posts.toArray()).map((row) => row.id).sort()).toEqual([keptPostId, pendingPostId].sort());
    expect(await db.posts.get(phantomPostId)).toBeUndefined();
    expect(await db.reactions.toArray()).toEqual([expect.objectContaining({ postId: keptPostId, userId: ada.id })]);
    expect(await db.outbox.count()).toBe(2);
  });

  it('a drop deletes every local row of the family and its cursor', async () => {
    const postId = crypto.randomUUID();
    await applyPullResponse(
      db,
      pullResponse([changes(2, { table: 'posts', op: 'put', row: post(postId, grace.id, 'Hi') })]),
    );
    await writeAsAda('Pending in a family I am leaving');
    await writeLocally(db, { signedInUser: ada }, 'reaction.set', { postId, reactionType: 'like', reacted: true });

    await applyPullResponse(db, pullResponse([{ status: 'drop', familyId }]));

    for (const table of [db.families, db.members, db.posts, db.comments, db.reactions, db.shadows]) {
      expect(await table.count()).toBe(0);
    }
    expect(await readCursor(db, familyId)).toBeUndefined();
    // The writes stay queued: the server answers them (refused), and the person sees why.
    expect(await db.outbox.count()).toBe(2);
    expect(await db.users.count()).toBe(2);
  });
});

describe('starting over with a server whose history changed', () => {
  it('drops the families and cursors, keeps writes the server has, and renumbers the rest to send again', async () => {
    const kept = await writeAsAda('Handled by the restored server');
    await db.outbox.update(kept, { status: 'sent' });
    const lost = await writeAsAda('Acknowledged, then lost with the old history');
    await db.outbox.update(lost, { status: 'sent' });
    const waiting = await writeAsAda('Never sent');
    const newEpoch = crypto.randomUUID();

    await startOverWithServer(db, { epoch: newEpoch, lastAppliedSeq: kept });

    expect(await db.families.count()).toBe(0);
    expect(await db.posts.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    expect(await readCursor(db, familyId)).toBeUndefined();
    expect(await isFirstPullDone(db)).toBe(false);
    expect(await readEpoch(db)).toBe(newEpoch);
    expect((await db.outbox.toArray()).map(({ seq, status, args }) => [seq, status, 'content' in args && args.content])).toEqual([
      [kept, 'sent', 'Handled by the restored server'],
      [kept + 1, 'pending', 'Acknowledged, then lost with the old history'],
      [kept + 2, 'pending', 'Never sent'],
    ]);
    expect(waiting).toBe(kept + 2);
    expect(await writeAsAda('Next')).toBe(kept + 3);

    // The family comes back with the next pull, and the writes still to send show on top of it again.
    await applyPullResponse(
      db,
      pullResponse([
        changes(1, { table: 'families', op: 'put', row: family }, { table: 'members', op: 'put', row: adaMember }),
      ]),
    );
    expect((await db.posts.toArray()).map((row) => row.content).sort()).toEqual([
      'Acknowledged, then lost with the old history',
      'Handled by the restored server',
      'Never sent',
      'Next',
    ]);
  });
});
