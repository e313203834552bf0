import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../schema/messages.ts';
import { sealForSignOut, type HearthDb, type RefusedWrite } from '../db/hearth-db.ts';
import { localMutators } from './local-mutators.ts';
import { rebase } from './rebase.ts';
import { createTestDb, testUser } from './testing/test-db.ts';
import { discardRefused, InvalidWriteError, retryRefused, SignedOutError, writeLocally } from './write.ts';

const ada = testUser('ada');
const at = '2025-05-01T10:00:00.000Z';
let db: HearthDb;

beforeEach(() => {
  db = createTestDb();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

async function createFamily() {
  const familyId = crypto.randomUUID();
  await writeLocally(db, { signedInUser: ada, now: at }, 'family.create', {
    familyId,
    memberId: crypto.randomUUID(),
    name: 'The Lovelaces',
  });
  return familyId;
}

describe('writeLocally', () => {
  it('changes the rows, keeps the server copy and queues the mutation in order', async () => {
    const familyId = await createFamily();
    const postId = crypto.randomUUID();
    const seq = await writeLocally(db, { signedInUser: ada, now: at }, 'post.create', {
      postId,
      familyId,
      content: '  Hello family  ',
    });

    expect(seq).toBe(2);
    expect(await db.posts.get(postId)).toEqual({
      id: postId,
      familyId,
      authorId: ada.id,
      content: 'Hello family',
      photoIds: [],
      createdAt: at,
      updatedAt: at,
    });
    expect(await db.shadows.get(['posts', postId])).toEqual({ table: 'posts', id: postId, row: null });
    expect(await db.outbox.get(seq)).toEqual({
      seq,
      name: 'post.create',
      args: { postId, familyId, content: 'Hello family' },
      status: 'pending',
      createdAt: at,
      // What it read (the family, the post's id) and wrote (the post, in its family's range): what pulls are checked
      // against to tell whether they concern it.
      footprint: [`r:families/${familyId}`, `r:posts/${postId}`, `w:posts?familyId=${familyId}`],
    });
  });

  it('refuses invalid arguments with a clear error and writes nothing', async () => {
    const familyId = await createFamily();
    const writing = writeLocally(db, { signedInUser: ada }, 'post.create', {
      postId: crypto.randomUUID(),
      familyId,
      content: '   ',
    });
    await expect(writing).rejects.toThrow(InvalidWriteError);
    await expect(writing).rejects.toThrow(`Invalid post.create write (content: ${messages.postEmpty})`);
    expect(await db.posts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it('commits the row and its outbox entry together or not at all', async () => {
    const familyId = await createFamily();
    const postId = crypto.randomUUID();
    const failingApply = vi.spyOn(localMutators['post.create'], 'apply').mockImplementation(async (writer, args, context) => {
      await writer.put('posts', {
        id: args.postId,
        familyId: args.familyId,
        authorId: context.signedInUser.id,
        content: args.content,
        photoIds: [],
        createdAt: context.now,
        updatedAt: context.now,
      });
      throw new Error('disk full');
    });

    await expect(
      writeLocally(db, { signedInUser: ada }, 'post.create', { postId, familyId, content: 'Lost?' }),
    ).rejects.toThrow('disk full');

    expect(await db.posts.get(postId)).toBeUndefined();
    expect(await db.shadows.get(['posts', postId])).toBeUndefined();
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['family.create']);
    // The seq taken inside the failed transaction was rolled back too: the next write gets it.
    failingApply.mockRestore();
    expect(await writeLocally(db, { signedInUser: ada }, 'post.create', { postId, familyId, content: 'Hi' })).toBe(2);
  });

  it('keeps only the public fields of the signed-in user', async () => {
    const withEmail = { ...ada, email: 'ada@example.com' };
    await writeLocally(db, { signedInUser: withEmail }, 'family.create', {
      familyId: crypto.randomUUID(),
      memberId: crypto.randomUUID(),
      name: 'The Lovelaces',
    });
    expect(await db.users.get(ada.id)).toEqual(ada);
  });
});

describe('Retry and Discard', () => {
  async function refusedPost() {
    const familyId = await createFamily();
    const postId = crypto.randomUUID();
    const seq = await writeLocally(db, { signedInUser: ada, now: at }, 'post.create', {
      postId,
      familyId,
      content: 'Refused',
    });
    // What the engine does with a refusal: move it out of the outbox and roll it back.
    const entry = (await db.outbox.get(seq))!;
    await db.outbox.delete(seq);
    const id = await db.refusedWrites.add({ name: entry.name, args: entry.args, createdAt: entry.createdAt, reason: 'No' } as RefusedWrite);
    await rebase(db, { refused: [entry] });
    expect(await db.posts.get(postId)).toBeUndefined();
    return { postId, seq, id };
  }

  it('Retry queues the write again under a new seq and shows it again', async () => {
    const { postId, seq, id } = await refusedPost();
    const later = '2025-05-01T11:00:00.000Z';

    const newSeq = await retryRefused(db, id, later);

    expect(newSeq).toBe(seq + 1);
    expect(await db.refusedWrites.count()).toBe(0);
    expect(await db.outbox.get(newSeq!)).toEqual({
      seq: newSeq,
      status: 'pending',
      name: 'post.create',
      args: expect.objectContaining({ postId, content: 'Refused' }),
      createdAt: later,
      footprint: expect.arrayContaining([`r:posts/${postId}`]),
    });
    expect(await db.posts.get(postId)).toMatchObject({ content: 'Refused', createdAt: later });
    expect(await db.shadows.get(['posts', postId])).toEqual({ table: 'posts', id: postId, row: null });
  });

  it('Discard forgets the write, which already had no effect', async () => {
    const { postId, id } = await refusedPost();
    await discardRefused(db, id);
    expect(await db.refusedWrites.count()).toBe(0);
    expect(await db.posts.get(postId)).toBeUndefined();
  });

  it('does nothing for a refused write that is gone already (Discarded in another tab)', async () => {
    const { id } = await refusedPost();
    await discardRefused(db, id);
    expect(await retryRefused(db, id)).toBeUndefined();
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['family.create']);
  });
});

describe('a database sealed for a sign-out', () => {
  it('refuses new writes, in this tab or any other', async () => {
    const familyId = await createFamily();
    await sealForSignOut(db);
    const writing = writeLocally(db, { signedInUser: ada }, 'post.create', {
      postId: crypto.randomUUID(),
      familyId,
      content: 'Too late',
    });
    await expect(writing).rejects.toThrow(SignedOutError);
    expect(await db.posts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});
