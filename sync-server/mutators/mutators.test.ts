import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  rejections,
  type FamilyRole,
  type MutationResult,
  type RelationshipType,
} from '../../schema/index.ts';
import { signUp, useTestApp } from '../testing/test-app.ts';
import { addMember, createFamily, familyVersion, type NamedMutation, TestDevice } from '../testing/test-device.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import { lockFamilyOfRow } from './access.ts';

const context = useTestApp();

/** A family with an admin (its creator) and a plain member, each with a device. */
async function family() {
  const admin = new TestDevice(context.app, await signUp(context.app));
  const { familyId, memberId: adminMemberId } = await createFamily(admin);
  const member = new TestDevice(context.app, await signUp(context.app));
  const { memberId } = await addMember(context.sql, familyId, member.account.user.id);
  return { familyId, admin, adminMemberId, member, memberId };
}

async function outcome(device: TestDevice, mutation: NamedMutation): Promise<MutationResult> {
  const answer = await device.send(mutation);
  const [result] = answer.results;
  if (!result) throw new Error(`no result: ${JSON.stringify(answer)}`);
  return result;
}

function statusOf(result: MutationResult): string {
  return result.status === 'rejected' ? result.reason : result.status;
}

async function writePost(device: TestDevice, familyId: string, content = 'A post') {
  const postId = randomUUID();
  expect(statusOf(await outcome(device, { name: 'post.create', args: { postId, familyId, content } }))).toBe('applied');
  return postId;
}

function setRole(memberId: string, role: FamilyRole): NamedMutation {
  return { name: 'member.setRole', args: { memberId, role } };
}

function setRelationship(memberId: string, relationshipType: RelationshipType): NamedMutation {
  return { name: 'member.setRelationship', args: { memberId, relationshipType } };
}

async function memberRow(memberId: string) {
  const [row] = await context.sql`
    select role, relationship_type, version::int from family_members where id = ${memberId}
  `;
  return row;
}

async function exists(table: 'posts' | 'comments' | 'family_members', id: string): Promise<boolean> {
  const rows = await context.sql`select 1 from ${context.sql(table)} where id = ${id}`;
  return rows.length === 1;
}

describe('posts', () => {
  it('lets only the author edit a post', async () => {
    const { familyId, admin, member } = await family();
    const postId = await writePost(member, familyId, 'Original');
    const byAdmin = await outcome(admin, { name: 'post.update', args: { postId, content: 'Hijacked' } });
    expect(statusOf(byAdmin)).toBe(rejections.notYourPost);
    const byAuthor = await outcome(member, { name: 'post.update', args: { postId, content: 'Edited' } });
    expect(statusOf(byAuthor)).toBe('applied');
    const [post] = await context.sql`select content from posts where id = ${postId}`;
    expect(post).toEqual({ content: 'Edited' });
  });

  it('lets the author or an admin delete a post, and nobody else', async () => {
    const { familyId, admin, member } = await family();
    const other = new TestDevice(context.app, await signUp(context.app));
    await addMember(context.sql, familyId, other.account.user.id);
    const postId = await writePost(member, familyId);
    expect(statusOf(await outcome(other, { name: 'post.delete', args: { postId } }))).toBe(
      rejections.notAllowedToDelete,
    );
    expect(await exists('posts', postId)).toBe(true);
    expect(statusOf(await outcome(admin, { name: 'post.delete', args: { postId } }))).toBe('applied');
    expect(await exists('posts', postId)).toBe(false);
    const ownPost = await writePost(other, familyId);
    expect(statusOf(await outcome(other, { name: 'post.delete', args: { postId: ownPost } }))).toBe('applied');
  });

  it('says a post was deleted to its family, and nothing about posts of other families', async () => {
    const { familyId, admin, member } = await family();
    const postId = await writePost(member, familyId);
    await outcome(member, { name: 'post.delete', args: { postId } });
    const edit = await outcome(member, { name: 'post.update', args: { postId, content: 'Too late' } });
    expect(statusOf(edit)).toBe(rejections.postNotFound);

    const stranger = new TestDevice(context.app, await signUp(context.app));
    await createFamily(stranger, 'Strangers');
    const livePost = await writePost(admin, familyId);
    for (const target of [livePost, postId, randomUUID()]) {
      expect(statusOf(await outcome(stranger, { name: 'post.update', args: { postId: target, content: 'x' } }))).toBe(
        rejections.notMember,
      );
      const comment = { commentId: randomUUID(), postId: target, content: 'Hi' };
      expect(statusOf(await outcome(stranger, { name: 'comment.create', args: comment }))).toBe(rejections.notMember);
    }
    const [post] = await context.sql`select content from posts where id = ${livePost}`;
    expect(post).toEqual({ content: 'A post' });
  });
});

describe('comments', () => {
  it('lets the author or an admin delete a comment', async () => {
    const { familyId, admin, member } = await family();
    const postId = await writePost(admin, familyId);
    const commentId = randomUUID();
    await outcome(admin, { name: 'comment.create', args: { commentId, postId, content: 'By the admin' } });
    expect(statusOf(await outcome(member, { name: 'comment.delete', args: { commentId } }))).toBe(
      rejections.notAllowedToDelete,
    );
    const ownComment = randomUUID();
    await outcome(member, { name: 'comment.create', args: { commentId: ownComment, postId, content: 'Mine' } });
    expect(statusOf(await outcome(admin, { name: 'comment.delete', args: { commentId: ownComment } }))).toBe('applied');
    expect(await exists('comments', commentId)).toBe(true);
    expect(await exists('comments', ownComment)).toBe(false);
  });

  it('says a comment was deleted when its post was, and refuses new comments on it', async () => {
    const { familyId, admin, member } = await family();
    const postId = await writePost(member, familyId);
    const commentId = randomUUID();
    await outcome(member, { name: 'comment.create', args: { commentId, postId, content: 'Nice' } });
    await outcome(admin, { name: 'post.delete', args: { postId } });
    expect(await exists('comments', commentId)).toBe(false);
    expect(statusOf(await outcome(member, { name: 'comment.delete', args: { commentId } }))).toBe(
      rejections.commentNotFound,
    );
    const late = { commentId: randomUUID(), postId, content: 'Late' };
    expect(statusOf(await outcome(member, { name: 'comment.create', args: late }))).toBe(rejections.postNotFound);
  });
});

describe('reactions', () => {
  it('reaches the state asked for, however often it is asked', async () => {
    const { familyId, admin, member } = await family();
    const postId = await writePost(admin, familyId);
    const like = (reacted: boolean) => ({
      name: 'reaction.set' as const,
      args: { postId, reactionType: 'like' as const, reacted },
    });
    await member.send(like(true), like(true));
    const count = async () => {
      const [row] = await context.sql<{ count: number }[]>`
        select count(*)::int from post_reactions where post_id = ${postId}
      `;
      return row?.count;
    };
    expect(await count()).toBe(1);
    await member.send(like(false), like(false));
    expect(await count()).toBe(0);
  });
});

describe('members', () => {
  it('lets only an admin remove someone else', async () => {
    const { familyId, admin, adminMemberId, member, memberId } = await family();
    const other = new TestDevice(context.app, await signUp(context.app));
    const { memberId: otherMemberId } = await addMember(context.sql, familyId, other.account.user.id);
    expect(statusOf(await outcome(member, { name: 'member.remove', args: { memberId: otherMemberId } }))).toBe(
      rejections.adminsOnly,
    );
    expect(statusOf(await outcome(member, { name: 'member.remove', args: { memberId: adminMemberId } }))).toBe(
      rejections.adminsOnly,
    );
    expect(statusOf(await outcome(admin, { name: 'member.remove', args: { memberId: otherMemberId } }))).toBe(
      'applied',
    );
    expect(await exists('family_members', otherMemberId)).toBe(false);
    expect(await exists('family_members', memberId)).toBe(true);
  });

  it('keeps the last admin from leaving, until there is another admin', async () => {
    const { familyId, admin, adminMemberId, member, memberId } = await family();
    expect(statusOf(await outcome(admin, { name: 'member.remove', args: { memberId: adminMemberId } }))).toBe(
      rejections.lastAdmin,
    );
    expect(await exists('family_members', adminMemberId)).toBe(true);
    expect(statusOf(await outcome(member, { name: 'member.remove', args: { memberId } }))).toBe('applied');

    const deputy = new TestDevice(context.app, await signUp(context.app));
    await addMember(context.sql, familyId, deputy.account.user.id, 'admin');
    expect(statusOf(await outcome(admin, { name: 'member.remove', args: { memberId: adminMemberId } }))).toBe(
      'applied',
    );
    expect(statusOf(await outcome(admin, { name: 'member.remove', args: { memberId: adminMemberId } }))).toBe(
      rejections.notMember,
    );
  });
});

describe('member roles', () => {
  it('lets only an admin change roles, and stamps the member row for pulls', async () => {
    const { familyId, admin, member, memberId } = await family();
    const other = new TestDevice(context.app, await signUp(context.app));
    const { memberId: otherMemberId } = await addMember(context.sql, familyId, other.account.user.id);
    const before = await familyVersion(context.sql, familyId);
    const byMember = await outcome(member, setRole(otherMemberId, 'admin'));
    expect(statusOf(byMember)).toBe(rejections.adminsOnly);
    const promoteSelf = await outcome(member, setRole(memberId, 'admin'));
    expect(statusOf(promoteSelf)).toBe(rejections.adminsOnly);
    expect(await familyVersion(context.sql, familyId)).toBe(before);

    await other.pullAll();
    expect(statusOf(await outcome(admin, setRole(memberId, 'admin')))).toBe('applied');
    expect(await memberRow(memberId)).toEqual({ role: 'admin', relationship_type: 'other', version: before + 1 });
    await other.pull();
    expect(other.rows.get(`members/${memberId}`)).toMatchObject({ role: 'admin' });
  });

  it('keeps the last admin from becoming a member, until there is another admin', async () => {
    const { familyId, admin, adminMemberId, memberId } = await family();
    const demoteSelf = await outcome(admin, setRole(adminMemberId, 'member'));
    expect(statusOf(demoteSelf)).toBe(rejections.lastAdmin);
    expect(await memberRow(adminMemberId)).toMatchObject({ role: 'admin' });

    await outcome(admin, setRole(memberId, 'admin'));
    const stepDown = await outcome(admin, setRole(adminMemberId, 'member'));
    expect(statusOf(stepDown)).toBe('applied');
    expect(await memberRow(adminMemberId)).toMatchObject({ role: 'member' });
    const [admins] = await context.sql`
      select count(*)::int as admins from family_members where family_id = ${familyId} and role = 'admin'
    `;
    expect(admins).toEqual({ admins: 1 });
  });

  it('takes a role the member already has as done, keeping the version', async () => {
    const { familyId, admin, memberId } = await family();
    const before = await familyVersion(context.sql, familyId);
    const again = await outcome(admin, setRole(memberId, 'member'));
    expect(statusOf(again)).toBe('applied');
    expect(await familyVersion(context.sql, familyId)).toBe(before);
  });

  it('answers a membership of another family as not a member', async () => {
    const { admin } = await family();
    const strangers = new TestDevice(context.app, await signUp(context.app));
    const { memberId: strangerMemberId } = await createFamily(strangers, 'Strangers');
    for (const target of [strangerMemberId, randomUUID()]) {
      const answer = await outcome(admin, setRole(target, 'member'));
      expect(statusOf(answer)).toBe(rejections.notMember);
    }
    expect(await memberRow(strangerMemberId)).toMatchObject({ role: 'admin' });
  });
});

describe('member relationships', () => {
  it("lets a member set their own, and an admin anyone's, and nobody else", async () => {
    const { familyId, admin, adminMemberId, member, memberId } = await family();
    const other = new TestDevice(context.app, await signUp(context.app));
    const { memberId: otherMemberId } = await addMember(context.sql, familyId, other.account.user.id);
    const before = await familyVersion(context.sql, familyId);
    expect(statusOf(await outcome(member, setRelationship(memberId, 'son')))).toBe('applied');
    expect(await memberRow(memberId)).toEqual({ role: 'member', relationship_type: 'son', version: before + 1 });
    expect(statusOf(await outcome(member, setRelationship(otherMemberId, 'mother')))).toBe(rejections.adminsOnly);
    expect(statusOf(await outcome(member, setRelationship(adminMemberId, 'mother')))).toBe(rejections.adminsOnly);
    expect(statusOf(await outcome(admin, setRelationship(otherMemberId, 'mother')))).toBe('applied');
    expect(await memberRow(otherMemberId)).toMatchObject({ relationship_type: 'mother' });
    expect(await memberRow(adminMemberId)).toMatchObject({ relationship_type: 'creator' });

    await other.pullAll();
    expect(other.rows.get(`members/${memberId}`)).toMatchObject({ relationshipType: 'son' });
    expect(other.rows.get(`members/${otherMemberId}`)).toMatchObject({ relationshipType: 'mother' });
  });

  it("keeps 'creator' for the person who made the family", async () => {
    const { familyId, admin, adminMemberId, member, memberId } = await family();
    expect(statusOf(await outcome(member, setRelationship(memberId, 'creator')))).toBe(rejections.creatorOnly);
    expect(statusOf(await outcome(admin, setRelationship(memberId, 'creator')))).toBe(rejections.creatorOnly);
    expect(await memberRow(memberId)).toMatchObject({ relationship_type: 'other' });

    // Another admin cannot take it either; the creator can give it up and take it back.
    await outcome(admin, setRole(memberId, 'admin'));
    expect(statusOf(await outcome(member, setRelationship(memberId, 'creator')))).toBe(rejections.creatorOnly);
    expect(statusOf(await outcome(admin, setRelationship(adminMemberId, 'father')))).toBe('applied');
    expect(statusOf(await outcome(admin, setRelationship(adminMemberId, 'creator')))).toBe('applied');
    expect(await memberRow(adminMemberId)).toMatchObject({ relationship_type: 'creator' });
    const [creators] = await context.sql`
      select count(*)::int as creators from family_members
      where family_id = ${familyId} and relationship_type = 'creator'
    `;
    expect(creators).toEqual({ creators: 1 });
  });

  it('takes the same relationship again as done, keeping the version', async () => {
    const { familyId, member, memberId } = await family();
    const before = await familyVersion(context.sql, familyId);
    const answer = await member.send(setRelationship(memberId, 'son'), setRelationship(memberId, 'son'));
    expect(answer.results.map(statusOf)).toEqual(['applied', 'applied']);
    expect(statusOf(await outcome(member, setRelationship(memberId, 'son')))).toBe('applied');
    expect(await familyVersion(context.sql, familyId)).toBe(before + 1);
    expect(await memberRow(memberId)).toEqual({ role: 'member', relationship_type: 'son', version: before + 1 });
  });
});

describe('families', () => {
  it('makes the creator an admin, and takes the same create again as done', async () => {
    const device = new TestDevice(context.app, await signUp(context.app));
    const create = {
      name: 'family.create' as const,
      args: { familyId: randomUUID(), memberId: randomUUID(), name: 'Ours' },
    };
    const answer = await device.send(create, create);
    expect(answer.results.map(statusOf)).toEqual(['applied', 'applied']);
    const members = await context.sql`
      select user_id, role, relationship_type from family_members where family_id = ${create.args.familyId}
    `;
    expect(members).toEqual([{ user_id: device.account.user.id, role: 'admin', relationship_type: 'creator' }]);
    const [family] = await context.sql`select name, version::int from families where id = ${create.args.familyId}`;
    expect(family).toEqual({ name: 'Ours', version: 1 });
  });

  it('lets only an admin rename the family, and sends the new name to every device', async () => {
    const { familyId, admin, member } = await family();
    await member.pullAll();
    const before = await familyVersion(context.sql, familyId);
    const byMember = await outcome(member, { name: 'family.rename', args: { familyId, name: 'Mine now' } });
    expect(statusOf(byMember)).toBe(rejections.adminsOnly);
    expect(await familyVersion(context.sql, familyId)).toBe(before);

    const renamed = await outcome(admin, { name: 'family.rename', args: { familyId, name: 'The Joneses' } });
    expect(statusOf(renamed)).toBe('applied');
    const [row] = await context.sql`
      select name, version::int, row_version::int from families where id = ${familyId}
    `;
    expect(row).toEqual({ name: 'The Joneses', version: before + 1, row_version: before + 1 });
    await member.pull();
    expect(member.rows.get(`families/${familyId}`)).toMatchObject({ name: 'The Joneses' });
  });

  it('takes the same name again as done, keeping the version', async () => {
    const { familyId, admin } = await family();
    const before = await familyVersion(context.sql, familyId);
    const rename = { name: 'family.rename' as const, args: { familyId, name: 'The Joneses' } };
    const answer = await admin.send(rename, rename);
    expect(answer.results.map(statusOf)).toEqual(['applied', 'applied']);
    expect(statusOf(await outcome(admin, rename))).toBe('applied');
    expect(await familyVersion(context.sql, familyId)).toBe(before + 1);
  });

  it('answers a family the user is not in like one that does not exist', async () => {
    const { familyId } = await family();
    const stranger = new TestDevice(context.app, await signUp(context.app));
    for (const target of [familyId, randomUUID()]) {
      const answer = await outcome(stranger, { name: 'family.rename', args: { familyId: target, name: 'Ours' } });
      expect(statusOf(answer)).toBe(rejections.notMember);
    }
    const [row] = await context.sql`select name from families where id = ${familyId}`;
    expect(row).toEqual({ name: 'The Smiths' });
  });
});

describe('locking the family of a row', () => {
  it('reads a row deleted from its family between the first read and the lock as deleted', async () => {
    const { familyId, admin } = await family();
    const postId = await writePost(admin, familyId);
    await admin.send({ name: 'post.delete', args: { postId, familyId } });
    // A write that names no family (queued by an app from before): the first read still found the row in its family.
    const locking = context.sql.begin((tx) =>
      lockFamilyOfRow(tx, admin.account.user.id, {
        table: 'posts',
        id: postId,
        familyId: undefined,
        find: async (scoped) => (scoped ? createPostRepository(tx).findRef(postId, scoped) : { familyId }),
        deletedKind: 'postNotFound',
      }),
    );
    await expect(locking).rejects.toMatchObject({ kind: 'postNotFound' });
  });
});

describe('database rules', () => {
  it("keeps a comment and a reaction in their post's family", async () => {
    const { familyId, admin } = await family();
    const postId = await writePost(admin, familyId);
    const other = await createFamily(admin, 'Another family');
    const userId = admin.account.user.id;
    const commentInOther = context.sql`
      insert into comments (id, family_id, post_id, author_id, content)
      values (${randomUUID()}, ${other.familyId}, ${postId}, ${userId}, 'Wrong family')
    `;
    await expect(commentInOther).rejects.toMatchObject({ code: '23503' });
    const reactionInOther = context.sql`
      insert into post_reactions (post_id, user_id, reaction_type, family_id)
      values (${postId}, ${userId}, 'like', ${other.familyId})
    `;
    await expect(reactionInOther).rejects.toMatchObject({ code: '23503' });
  });
});
