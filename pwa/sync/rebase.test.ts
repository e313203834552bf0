import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reactionKey, type Change, type FamilyPull, type PullResponse, type SyncedPost } from '../../schema/sync.ts';
import type { HearthDb } from '../db/hearth-db.ts';
import type { LocalMutation } from './local-mutators.ts';
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
  relativeToId: null,
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

  it('re-applies a write another tab queued in a tab that has not loaded the mutators yet', async () => {
    const postId = crypto.randomUUID();
    const first = post(postId, ada.id, 'v1');
    await applyPullResponse(db, pullResponse([changes(2, { table: 'posts', op: 'put', row: first })]));
    await writeLocally(db, { signedInUser: ada, now: localTime }, 'post.update', { postId, content: 'mine' });
    // This tab never wrote: its rebase module is fresh, the mutators are loaded apart from the home (rebase.ts).
    vi.resetModules();
    const freshTab = await import('./rebase.ts');

    const serverCopy = { ...post(postId, ada.id, 'v2'), updatedAt: '2030-01-02T00:00:00.000Z' };
    await freshTab.applyPullResponse(db, pullResponse([changes(3, { table: 'posts', op: 'put', row: serverCopy })]));

    expect(await db.posts.get(postId)).toMatchObject({ content: 'mine' });
    expect(await db.shadows.get(['posts', postId])).toEqual({ table: 'posts', id: postId, row: serverCopy });
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
    const entry = (await db.outbox.get(seq))!;
    await db.outbox.delete(seq);

    await rebase(db, { refused: [entry] });
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
            row: { id: commentId, familyId, postId, authorId: grace.id, content: 'Hi', commentType: 'text', createdAt: serverTime },
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

  it('applies a page of interleaved tables in its order: the last put of a row wins, a delete takes what came before', async () => {
    const [keptPostId, gonePostId] = [crypto.randomUUID(), crypto.randomUUID()];
    const comment = (id: string, postId: string) => ({
      table: 'comments' as const,
      op: 'put' as const,
      row: { id, familyId, postId, authorId: grace.id, content: 'Hi', commentType: 'text' as const, createdAt: serverTime },
    });
    const [goneCommentId, keptCommentId, laterCommentId] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
    ];

    await applyPullResponse(
      db,
      pullResponse([
        changes(
          5,
          { table: 'posts', op: 'put', row: post(keptPostId, grace.id, 'First draft') },
          comment(keptCommentId, keptPostId),
          { table: 'posts', op: 'put', row: post(gonePostId, grace.id, 'Soon gone') },
          comment(goneCommentId, gonePostId),
          { table: 'posts', op: 'put', row: post(keptPostId, grace.id, 'Edited') },
          { table: 'posts', op: 'delete', id: gonePostId },
          comment(laterCommentId, keptPostId),
        ),
      ]),
    );

    expect(await db.posts.toArray()).toEqual([post(keptPostId, grace.id, 'Edited')]);
    expect((await db.comments.toCollection().primaryKeys()).sort()).toEqual([keptCommentId, laterCommentId].sort());
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
              commentType: 'text',
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
    // Grace is named by no row on the device any more; the signed-in person always stays.
    expect((await db.users.toArray()).map((user) => user.id)).toEqual([ada.id]);
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

describe('rebasing only the writes a page concerns', () => {
  /** A small seeded generator (mulberry32), so a failing case can be run again. */
  function seeded(seed: number) {
    let state = seed;
    const next = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const hex = (length: number) =>
      Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join('');
    return {
      next,
      pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
      /** A lower-case UUID made from the seed, so a run is the same every time. */
      id: () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`,
    };
  }

  async function rowsOf(target: HearthDb) {
    const tables = ['families', 'members', 'posts', 'comments', 'reactions', 'users', 'shadows'] as const;
    return Object.fromEntries(
      await Promise.all(
        tables.map(async (table) => {
          const rows = (await target.table(table).toArray()) as { id?: string; table?: string }[];
          const key = (row: { id?: string; table?: string }) => `${row.table ?? ''}/${row.id ?? ''}`;
          return [table, rows.sort((a, b) => key(a).localeCompare(key(b)))];
        }),
      ),
    );
  }

  // One test per seed, each bounded by its 30 steps rather than by a clock: under load the same work takes longer,
  // and a wall-clock limit would fail unchanged code. How fast rebasing is belongs in bench/.
  const seeds = Array.from({ length: 25 }, (_, index) => index + 1);
  const name = 'gives exactly the rows a rebase of every write gives, whatever the writes and pages (seed %i)';
  it.for(seeds)(name, { timeout: 0 }, async (seed) => {
    const random = seeded(seed);
    // Two devices of Ada with the same history: one rebases by footprint, the other (no footprints kept) redoes all.
    const byFootprint = createTestDb();
    const everything = createTestDb();
    const devices = [byFootprint, everything];
    const first = pullResponse([
      changes(1, { table: 'families', op: 'put', row: family }, { table: 'members', op: 'put', row: adaMember }),
    ]);
    for (const device of devices) await applyPullResponse(device, first);
    const server = { posts: [] as string[], comments: [] as { id: string; postId: string }[] };
    let version = 1;
    const localTime = (step: number) => new Date(Date.UTC(2025, 4, 1, 10, step)).toISOString();

    for (let step = 0; step < 30; step += 1) {
      if (random.next() < 0.5) {
        // Ada writes, on both devices alike.
        const knownPosts = (await byFootprint.posts.toArray()).map((row) => row.id);
        const knownComments = (await byFootprint.comments.toArray()).map((row) => row.id);
        const target = knownPosts.length > 0 && random.next() < 0.8 ? random.pick(knownPosts) : random.id();
        const choice = random.pick(['post', 'edit', 'delete', 'comment', 'uncomment', 'like', 'unlike', 'rename']);
        const write = (() => {
          switch (choice) {
            case 'post':
              return { name: 'post.create', args: { postId: random.id(), familyId, content: `P${step}` } };
            case 'edit':
              return { name: 'post.update', args: { postId: target, content: `Edit ${step}` } };
            case 'delete':
              return { name: 'post.delete', args: { postId: target } };
            case 'comment':
              return { name: 'comment.create', args: { commentId: random.id(), postId: target, content: `C${step}` } };
            case 'uncomment':
              return { name: 'comment.delete', args: { commentId: knownComments.length ? random.pick(knownComments) : target } };
            case 'like':
            case 'unlike':
              return { name: 'reaction.set', args: { postId: target, reactionType: 'like', reacted: choice === 'like' } };
            default:
              return { name: 'family.rename', args: { familyId, name: `Name ${step}` } };
          }
        })() as LocalMutation;
        for (const device of devices) {
          await writeLocally(device, { signedInUser: ada, now: localTime(step) }, write.name, write.args as never);
        }
      } else {
        // A page from the server: Grace's new posts, comments and likes, or deletions of what the server holds.
        version += 1;
        const pageChanges: Change[] = [];
        for (let count = 0; count < 1 + Math.floor(random.next() * 3); count += 1) {
          const kind = random.pick(['post', 'comment', 'like', 'deletePost', 'deleteComment', 'rename']);
          if (kind === 'post' || server.posts.length === 0) {
            const row = post(random.id(), grace.id, `Grace ${step}`);
            server.posts.push(row.id);
            pageChanges.push({ table: 'posts', op: 'put', row });
          } else if (kind === 'comment') {
            const postId = random.pick(server.posts);
            const id = random.id();
            server.comments.push({ id, postId });
            pageChanges.push({
              table: 'comments',
              op: 'put',
              row: { id, familyId, postId, authorId: grace.id, content: `Hi ${step}`, commentType: 'text', createdAt: serverTime },
            });
          } else if (kind === 'like') {
            const postId = random.pick(server.posts);
            const row = { id: reactionKey({ postId, userId: grace.id, reactionType: 'like' }), familyId, postId,
              userId: grace.id, reactionType: 'like' as const, createdAt: serverTime };
            pageChanges.push({ table: 'reactions', op: 'put', row });
          } else if (kind === 'deletePost') {
            const postId = random.pick(server.posts);
            server.posts = server.posts.filter((id) => id !== postId);
            server.comments = server.comments.filter((comment) => comment.postId !== postId);
            pageChanges.push({ table: 'posts', op: 'delete', id: postId });
          } else if (kind === 'deleteComment' && server.comments.length > 0) {
            const { id } = random.pick(server.comments);
            server.comments = server.comments.filter((comment) => comment.id !== id);
            pageChanges.push({ table: 'comments', op: 'delete', id });
          } else {
            pageChanges.push({ table: 'families', op: 'put', row: { ...family, name: `Server name ${step}` } });
          }
        }
        const page = pullResponse([changes(version, ...pageChanges)]);
        await everything.outbox.toCollection().modify((entry) => {
          delete entry.footprint;
        });
        for (const device of devices) await applyPullResponse(device, page);
      }
      expect(await rowsOf(byFootprint), `seed ${seed}, step ${step}`).toEqual(await rowsOf(everything));
    }
    for (const device of devices) await device.delete();
  });
});
