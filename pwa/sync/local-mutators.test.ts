import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoTagKey, reactionKey, type MutationArgs, type MutationName } from '../../schema/sync.ts';
import type { HearthDb } from '../db/hearth-db.ts';
import { createTestDb, testUser } from './testing/test-db.ts';
import { writeLocally } from './write.ts';

const ada = testUser('ada');
const grace = testUser('grace');
const at = '2025-05-01T10:00:00.000Z';
let db: HearthDb;

function write<N extends MutationName>(name: N, args: MutationArgs<N>) {
  return writeLocally(db, { signedInUser: ada, now: at }, name, args);
}

/** A family as a pull would have brought it (no shadows): Ada is its admin, Grace a member with a post. */
async function familyFromServer() {
  const familyId = crypto.randomUUID();
  const adaMemberId = crypto.randomUUID();
  const graceMemberId = crypto.randomUUID();
  const gracePostId = crypto.randomUUID();
  const commentId = crypto.randomUUID();
  const earlier = '2025-04-01T08:00:00.000Z';
  await db.families.put({
    id: familyId,
    name: 'F',
    description: null,
    createdById: ada.id,
    createdAt: earlier,
    updatedAt: earlier,
  });
  await db.members.bulkPut([
    {
      id: adaMemberId,
      familyId,
      userId: ada.id,
      role: 'admin',
      relationshipType: 'creator',
      relativeToId: null,
      joinedAt: earlier,
    },
    {
      id: graceMemberId,
      familyId,
      userId: grace.id,
      role: 'member',
      relationshipType: 'sister',
      relativeToId: ada.id,
      joinedAt: earlier,
    },
  ]);
  await db.posts.put({
    id: gracePostId,
    familyId,
    authorId: grace.id,
    content: 'From Grace',
    photoIds: [],
    createdAt: earlier,
    updatedAt: earlier,
  });
  await db.comments.put({
    id: commentId,
    familyId,
    postId: gracePostId,
    authorId: grace.id,
    content: 'Hi',
    commentType: 'text',
    createdAt: earlier,
  });
  await db.reactions.put({
    id: reactionKey({ postId: gracePostId, userId: grace.id, reactionType: 'like' }),
    familyId,
    postId: gracePostId,
    userId: grace.id,
    reactionType: 'like',
    createdAt: earlier,
  });
  return { familyId, adaMemberId, graceMemberId, gracePostId, commentId };
}

beforeEach(() => {
  db = createTestDb();
});

afterEach(async () => {
  await db.delete();
});

describe('local mutators', () => {
  it('family.create makes the family, its creator an admin, and the creator a user row', async () => {
    const familyId = crypto.randomUUID();
    const memberId = crypto.randomUUID();
    await write('family.create', { familyId, memberId, name: 'The Lovelaces' });

    expect(await db.families.get(familyId)).toEqual({
      id: familyId,
      name: 'The Lovelaces',
      description: null,
      createdById: ada.id,
      createdAt: at,
      updatedAt: at,
    });
    expect(await db.members.get(memberId)).toEqual({
      id: memberId,
      familyId,
      userId: ada.id,
      role: 'admin',
      relationshipType: 'creator',
      relativeToId: null,
      joinedAt: at,
    });
    expect(await db.users.get(ada.id)).toEqual(ada);
  });

  it('post.update changes the content and keeps the server copy from before the first pending change', async () => {
    const { gracePostId } = await familyFromServer();
    const serverCopy = await db.posts.get(gracePostId);
    await write('post.update', { postId: gracePostId, content: 'First edit' });
    await write('post.update', { postId: gracePostId, content: 'Second edit' });

    expect(await db.posts.get(gracePostId)).toMatchObject({ content: 'Second edit', updatedAt: at });
    expect(await db.shadows.get(['posts', gracePostId])).toEqual({ table: 'posts', id: gracePostId, row: serverCopy });
  });

  it('post.delete takes the comments and reactions with it', async () => {
    const { gracePostId, commentId } = await familyFromServer();
    await write('post.delete', { postId: gracePostId });

    expect(await db.posts.get(gracePostId)).toBeUndefined();
    expect(await db.comments.get(commentId)).toBeUndefined();
    expect(await db.reactions.where('postId').equals(gracePostId).count()).toBe(0);
    expect(await db.shadows.where('table').anyOf('posts', 'comments', 'reactions').count()).toBe(3);
  });

  it('comment.create and comment.delete', async () => {
    const { familyId, gracePostId, commentId } = await familyFromServer();
    const newCommentId = crypto.randomUUID();
    await write('comment.create', { commentId: newCommentId, postId: gracePostId, content: 'Lovely' });
    await write('comment.delete', { commentId });

    expect(await db.comments.get(newCommentId)).toEqual({
      id: newCommentId,
      familyId,
      postId: gracePostId,
      authorId: ada.id,
      content: 'Lovely',
      commentType: 'text',
      createdAt: at,
    });
    expect(await db.comments.get(commentId)).toBeUndefined();
  });

  it('a voice comment has no words until its voice note names it, and goes with it (decision 0065)', async () => {
    const { familyId, gracePostId } = await familyFromServer();
    const commentId = crypto.randomUUID();
    await write('comment.create', { commentId, postId: gracePostId, commentType: 'voice' });
    expect(await db.comments.get(commentId)).toMatchObject({ content: '', commentType: 'voice' });

    // Its voice note, as a pull brings it once the server has the recording.
    const voiceNoteId = crypto.randomUUID();
    await db.voiceNotes.put({
      id: voiceNoteId,
      familyId,
      authorId: ada.id,
      messageId: null,
      photoId: null,
      commentId,
      durationMs: 2_000,
      peaks: Array.from({ length: 64 }, () => 50),
      createdAt: at,
    });
    await write('comment.delete', { commentId });
    expect(await db.voiceNotes.get(voiceNoteId)).toBeUndefined();
  });

  it('reaction.set says whether the reaction exists, so setting it twice is the same as once', async () => {
    const { familyId, gracePostId } = await familyFromServer();
    const id = reactionKey({ postId: gracePostId, userId: ada.id, reactionType: 'like' });
    await write('reaction.set', { postId: gracePostId, reactionType: 'like', reacted: true });
    await write('reaction.set', { postId: gracePostId, reactionType: 'like', reacted: true });
    expect(await db.reactions.get(id)).toEqual({
      id,
      familyId,
      postId: gracePostId,
      userId: ada.id,
      reactionType: 'like',
      createdAt: at,
    });

    await write('reaction.set', { postId: gracePostId, reactionType: 'like', reacted: false });
    expect(await db.reactions.get(id)).toBeUndefined();
    // Back to the server's state: the shadow says the reaction did not exist.
    expect(await db.shadows.get(['reactions', id])).toEqual({ table: 'reactions', id, row: null });
  });

  it('photo.tag tags once and moves the point, photo.untag removes it, and deleting the photo takes its tags', async () => {
    const { familyId } = await familyFromServer();
    const photoId = crypto.randomUUID();
    await db.photos.put({
      id: photoId,
      familyId,
      uploadedById: grace.id,
      albumId: null,
      title: null,
      description: null,
      imageUrl: `/api/photos/${photoId}/preview`,
      createdAt: at,
    });
    const id = photoTagKey({ photoId, userId: grace.id });
    await write('photo.tag', { photoId, userId: grace.id, point: null });
    await write('photo.tag', { photoId, userId: grace.id, point: { x: 0.25, y: 0.5 } });
    expect(await db.photoTags.toArray()).toEqual([
      { id, familyId, photoId, userId: grace.id, taggedById: ada.id, x: 0.25, y: 0.5, createdAt: at },
    ]);
    await write('photo.untag', { photoId, userId: grace.id });
    expect(await db.photoTags.count()).toBe(0);

    await write('photo.tag', { photoId, userId: ada.id, point: null });
    await write('photo.delete', { photoId });
    expect(await db.photoTags.count()).toBe(0);
  });

  it('member.remove removes another member, and leaving removes the whole family from the device', async () => {
    const { familyId, adaMemberId, graceMemberId } = await familyFromServer();
    await write('member.remove', { memberId: graceMemberId });
    expect(await db.members.get(graceMemberId)).toBeUndefined();
    expect(await db.families.get(familyId)).toBeDefined();

    await write('member.remove', { memberId: adaMemberId });
    expect(await db.families.get(familyId)).toBeUndefined();
    for (const table of [db.members, db.posts, db.comments, db.reactions]) {
      expect(await table.where('familyId').equals(familyId).count()).toBe(0);
    }
  });

  it('does nothing when the target is not on the device, and still queues the write for the server', async () => {
    const missing = crypto.randomUUID();
    await write('post.create', { postId: crypto.randomUUID(), familyId: missing, content: 'Hi' });
    await write('post.update', { postId: missing, content: 'Hi' });
    await write('post.delete', { postId: missing });
    await write('comment.create', { commentId: crypto.randomUUID(), postId: missing, content: 'Hi' });
    await write('comment.delete', { commentId: missing });
    await write('reaction.set', { postId: missing, reactionType: 'like', reacted: true });
    await write('member.remove', { memberId: missing });

    for (const table of [db.families, db.members, db.posts, db.comments, db.reactions, db.shadows]) {
      expect(await table.count()).toBe(0);
    }
    expect(await db.outbox.count()).toBe(7);
  });
});
