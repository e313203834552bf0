import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  familyMemberSchema,
  familySchema,
  messages,
  postSchema,
  publicUserSchema,
  rejections,
} from '../../schema/index.ts';
import { serverMessages } from '../http-errors.ts';
import { failPostsContaining } from '../testing/database-failures.ts';
import { lockWaiters, openTransaction } from '../testing/held-transaction.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, TestDevice } from '../testing/test-device.ts';

const context = useTestApp();

function post(account: TestAccount, url: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return context.app.inject({ method: 'POST', url, headers: { cookie: account.cookie }, payload });
}

function get(account: TestAccount, url: string): Promise<LightMyRequestResponse> {
  return context.app.inject({ method: 'GET', url, headers: { cookie: account.cookie } });
}

function patch(account: TestAccount, url: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return context.app.inject({ method: 'PATCH', url, headers: { cookie: account.cookie }, payload });
}

/** The answers' exact shapes: nothing more than the schema names, and never a member's email. */
const familiesAnswer = z.array(familySchema.strict());
const memberAnswer = familyMemberSchema.extend({ user: publicUserSchema.strict() }).strict();

async function newFamily(account: TestAccount, name = 'The Smiths'): Promise<string> {
  const response = await post(account, '/api/families', { name });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** Everything a failed write could have touched, to compare before and after. */
async function snapshot() {
  const [row] = await context.sql`
    select (select count(*)::int from posts) as posts,
      (select count(*)::int from post_reactions) as reactions,
      (select count(*)::int from family_members) as members,
      (select coalesce(sum(version), 0)::int from families) as versions,
      (select count(*)::int from sync_tombstones) as tombstones
  `;
  return row;
}

describe('POST /api/families', () => {
  it('creates a family with its creator as admin, and devices pull it', async () => {
    const account = await signUp(context.app);
    const response = await post(account, '/api/families', { name: '  The Smiths ', description: 'All of us' });
    expect(response.statusCode).toBe(201);
    const family = familySchema.strict().parse(response.json());
    expect(family).toEqual({
      id: expect.any(String),
      name: 'The Smiths',
      description: 'All of us',
      createdById: account.user.id,
      createdAt: expect.any(String),
    });
    const members = await context.sql`select user_id, role from family_members where family_id = ${family.id}`;
    expect(members).toEqual([{ user_id: account.user.id, role: 'admin' }]);

    const device = new TestDevice(context.app, account);
    await device.pullAll();
    expect(device.rows.get(`families/${family.id}`)).toMatchObject({ name: 'The Smiths', description: 'All of us' });
  });

  it('refuses a blank name with the form message', async () => {
    const account = await signUp(context.app);
    const response = await post(account, '/api/families', { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Family name is required', field: 'name' });
  });
});

describe('POST /api/families/:id/posts', () => {
  it('answers 201 with the post as the feed shows it', async () => {
    const account = await signUp(context.app);
    const familyId = await newFamily(account);
    const response = await post(account, `/api/families/${familyId}/posts`, { content: ' Hello everyone ' });
    expect(response.statusCode).toBe(201);
    const created = postSchema.strict().parse(response.json());
    expect(created).toMatchObject({
      familyId,
      authorId: account.user.id,
      content: 'Hello everyone',
      photoIds: [],
      author: { id: account.user.id, username: account.username, firstName: null, lastName: null },
      reactions: [],
      comments: [],
    });
    expect(response.json().author.email).toBeUndefined();
    const [row] = await context.sql`select content, version::int from posts where id = ${created.id}`;
    expect(row).toEqual({ content: 'Hello everyone', version: 2 });
  });

  it("answers another family's id exactly like an id that does not exist, and writes nothing", async () => {
    const owner = await signUp(context.app);
    const familyId = await newFamily(owner);
    const stranger = await signUp(context.app);
    const before = await snapshot();
    const foreign = await post(stranger, `/api/families/${familyId}/posts`, { content: 'Let me in' });
    const missing = await post(stranger, `/api/families/${randomUUID()}/posts`, { content: 'Let me in' });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Not found' });
    expect(foreign.body).toBe(missing.body);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses blank content, unknown fields and bad ids with 400, and writes nothing', async () => {
    const account = await signUp(context.app);
    const familyId = await newFamily(account);
    const before = await snapshot();
    const blank = await post(account, `/api/families/${familyId}/posts`, { content: ' \n ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: 'Write something to share', field: 'content' });
    const unknown = await post(account, `/api/families/${familyId}/posts`, { content: 'Hi', pictures: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'pictures', error: 'Unknown field' });
    const photos = await post(account, `/api/families/${familyId}/posts`, { content: 'Hi', photoIds: ['cat.jpg'] });
    expect(photos.statusCode).toBe(400);
    expect(photos.json()).toMatchObject({ field: 'photoIds.0' });
    const badId = await post(account, '/api/families/not-a-uuid/posts', { content: 'Hi' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ field: 'id' });
    const upperCase = await post(account, `/api/families/${familyId.toUpperCase()}/posts`, { content: 'Hi' });
    expect(upperCase.statusCode).toBe(400);
    expect(upperCase.json()).toMatchObject({ field: 'id', error: 'Must be a valid id' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 422 to content the database refuses for good, 503 when it is unavailable, 500 for a bug', async () => {
    const account = await signUp(context.app);
    const familyId = await newFamily(account);
    const before = await snapshot();
    const failures = [
      { content: 'breaks a rule', sqlState: '23514', statusCode: 422, error: rejections.unexpected },
      { content: 'server going away', sqlState: '57P01', statusCode: 503, error: serverMessages.unavailable },
      { content: 'a bug', sqlState: 'P0001', statusCode: 500, error: serverMessages.unexpected },
    ];
    for (const failure of failures) {
      const removeFailure = await failPostsContaining(context.sql, failure.content, failure.sqlState);
      try {
        const response = await post(account, `/api/families/${familyId}/posts`, { content: failure.content });
        expect(response.statusCode).toBe(failure.statusCode);
        expect(response.json()).toEqual({ error: failure.error });
      } finally {
        await removeFailure();
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/posts/:id/react', () => {
  it("toggles the user's reaction", async () => {
    const account = await signUp(context.app);
    const familyId = await newFamily(account);
    const { id: postId } = (await post(account, `/api/families/${familyId}/posts`, { content: 'Like me' })).json();
    const first = await post(account, `/api/posts/${postId}/react`, { reactionType: 'like' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reacted: true, reactionType: 'like' });
    const rows = await context.sql`select user_id from post_reactions where post_id = ${postId}`;
    expect(rows).toEqual([{ user_id: account.user.id }]);
    const second = await post(account, `/api/posts/${postId}/react`, { reactionType: 'like' });
    expect(second.json()).toEqual({ reacted: false, reactionType: 'like' });
    expect(await context.sql`select 1 from post_reactions where post_id = ${postId}`).toHaveLength(0);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'takes two toggles at the same instant in turn: liked, then unliked',
    async () => {
      const account = await signUp(context.app);
      const familyId = await newFamily(account);
      const { id: postId } = (await post(account, `/api/families/${familyId}/posts`, { content: 'Quick!' })).json();
      // Both toggles arrive while another write holds the family: neither may look at the reaction before its turn.
      const held = await openTransaction(context.sql);
      await held.tx`select 1 from families where id = ${familyId} for no key update`;
      const toggles = [1, 2].map(() => post(account, `/api/posts/${postId}/react`, { reactionType: 'like' }));
      await lockWaiters(context.sql, 2);
      await held.commit();
      const answers = (await Promise.all(toggles)).map((response) => response.json().reacted);
      expect(answers.sort()).toEqual([false, true]);
      expect(await context.sql`select 1 from post_reactions where post_id = ${postId}`).toHaveLength(0);
    },
  );

  it('answers 404 for a post of another family and 400 for an unknown reaction, writing nothing', async () => {
    const owner = await signUp(context.app);
    const familyId = await newFamily(owner);
    const { id: postId } = (await post(owner, `/api/families/${familyId}/posts`, { content: 'Mine' })).json();
    const stranger = await signUp(context.app);
    const before = await snapshot();
    const foreign = await post(stranger, `/api/posts/${postId}/react`, { reactionType: 'like' });
    const missing = await post(stranger, `/api/posts/${randomUUID()}/react`, { reactionType: 'like' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const unknown = await post(owner, `/api/posts/${postId}/react`, { reactionType: 'love' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'Unknown reaction', field: 'reactionType' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE /api/families/:id/members/:memberId', () => {
  function remove(account: TestAccount, familyId: string, memberId: string) {
    return context.app.inject({
      method: 'DELETE',
      url: `/api/families/${familyId}/members/${memberId}`,
      headers: { cookie: account.cookie },
    });
  }

  it('lets an admin remove a member, and a member leave', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const member = await signUp(context.app);
    const leaver = await signUp(context.app);
    const { memberId } = await addMember(context.sql, familyId, member.user.id);
    const { memberId: leaverMemberId } = await addMember(context.sql, familyId, leaver.user.id);
    const removed = await remove(admin, familyId, memberId);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await remove(leaver, familyId, leaverMemberId)).statusCode).toBe(204);
    const left = await context.sql`select user_id from family_members where family_id = ${familyId}`;
    expect(left).toEqual([{ user_id: admin.user.id }]);
  });

  it('answers 403 with the reason to a member removing someone else, and to the last admin leaving', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const member = await signUp(context.app);
    await addMember(context.sql, familyId, member.user.id);
    const [adminMember] = await context.sql<{ id: string }[]>`
      select id from family_members where family_id = ${familyId} and user_id = ${admin.user.id}
    `;
    const before = await snapshot();
    const byMember = await remove(member, familyId, adminMember!.id);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ error: rejections.adminsOnly });
    const lastAdmin = await remove(admin, familyId, adminMember!.id);
    expect(lastAdmin.statusCode).toBe(403);
    expect(lastAdmin.json()).toEqual({ error: rejections.lastAdmin });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a member named under the wrong family, another family, or nobody', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const secondFamily = await newFamily(admin, 'Second');
    const member = await signUp(context.app);
    const { memberId } = await addMember(context.sql, familyId, member.user.id);
    const stranger = await signUp(context.app);
    const before = await snapshot();
    const answers = await Promise.all([
      remove(admin, secondFamily, memberId),
      remove(stranger, familyId, memberId),
      remove(admin, familyId, randomUUID()),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'Not found' });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/families', () => {
  it("lists the user's families, oldest first, and nobody else's", async () => {
    const first = await signUp(context.app);
    const second = await signUp(context.app);
    const ours = await newFamily(first, 'First');
    await newFamily(first, 'Second');
    await newFamily(second, 'Theirs');
    await addMember(context.sql, ours, second.user.id);

    const mine = await get(first, '/api/families');
    expect(mine.statusCode).toBe(200);
    expect(familiesAnswer.parse(mine.json()).map((family) => family.name)).toEqual(['First', 'Second']);
    const theirs = familiesAnswer.parse((await get(second, '/api/families')).json());
    expect(theirs.map((family) => family.name)).toEqual(['First', 'Theirs']);
    expect(theirs[0]).toEqual({
      id: ours,
      name: 'First',
      description: null,
      createdById: first.user.id,
      createdAt: expect.any(String),
    });
  });

  it('answers an empty list to someone in no family, and 401 to nobody signed in', async () => {
    const account = await signUp(context.app);
    expect((await get(account, '/api/families')).json()).toEqual([]);
    const familyId = await newFamily(account);
    const memberId = randomUUID();
    const signedOut = await Promise.all([
      context.app.inject({ method: 'GET', url: '/api/families' }),
      context.app.inject({ method: 'GET', url: `/api/families/${familyId}/members` }),
      context.app.inject({ method: 'GET', url: `/api/families/${familyId}/posts` }),
      context.app.inject({ method: 'PATCH', url: `/api/families/${familyId}`, payload: { name: 'Ours' } }),
      context.app.inject({
        method: 'PATCH',
        url: `/api/families/${familyId}/members/${memberId}`,
        payload: { role: 'admin' },
      }),
    ]);
    for (const answer of signedOut) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: 'Unauthorized' });
    }
  });
});

describe('PATCH /api/families/:id', () => {
  async function familyRow(familyId: string) {
    const [row] = await context.sql`select name, version::int, row_version::int from families where id = ${familyId}`;
    return row;
  }

  it('lets an admin rename the family, and devices pull the new name', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const device = new TestDevice(context.app, admin);
    await device.pullAll();
    const response = await patch(admin, `/api/families/${familyId}`, { name: '  The Joneses ' });
    expect(response.statusCode).toBe(200);
    expect(familySchema.strict().parse(response.json())).toEqual({
      id: familyId,
      name: 'The Joneses',
      description: null,
      createdById: admin.user.id,
      createdAt: expect.any(String),
    });
    expect(await familyRow(familyId)).toEqual({ name: 'The Joneses', version: 2, row_version: 2 });
    await device.pull();
    expect(device.rows.get(`families/${familyId}`)).toMatchObject({ name: 'The Joneses' });
  });

  it('stores and answers markup in a name as the plain text it is', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const name = '<script>alert(1)</script> & "Co"';
    const response = await patch(admin, `/api/families/${familyId}`, { name });
    expect(response.json()).toMatchObject({ name });
    expect(await familyRow(familyId)).toMatchObject({ name });
    expect((await get(admin, '/api/families')).json()).toEqual([expect.objectContaining({ name })]);
  });

  it('answers 403 to a member who is not an admin, and writes nothing', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const member = await signUp(context.app);
    await addMember(context.sql, familyId, member.user.id);
    const before = await snapshot();
    const response = await patch(member, `/api/families/${familyId}`, { name: 'Mine now' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: rejections.adminsOnly });
    expect(await familyRow(familyId)).toMatchObject({ name: 'The Smiths' });
    expect(await snapshot()).toEqual(before);
  });

  it("answers another family's id exactly like an id that does not exist", async () => {
    const owner = await signUp(context.app);
    const familyId = await newFamily(owner);
    const stranger = await signUp(context.app);
    const before = await snapshot();
    const foreign = await patch(stranger, `/api/families/${familyId}`, { name: 'Ours' });
    const missing = await patch(stranger, `/api/families/${randomUUID()}`, { name: 'Ours' });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Not found' });
    expect(foreign.body).toBe(missing.body);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an empty or too long name with the form message, and writes nothing', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const before = await snapshot();
    const answers = [
      { name: '', error: messages.familyNameRequired },
      { name: '   ', error: messages.familyNameRequired },
      { name: 'x'.repeat(101), error: messages.familyNameTooLong },
    ];
    for (const { name, error } of answers) {
      const response = await patch(admin, `/api/families/${familyId}`, { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error, field: 'name' });
    }
    const unknown = await patch(admin, `/api/families/${familyId}`, { name: 'Fine', description: 'Not here' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'Unknown field', field: 'description' });
    expect(await snapshot()).toEqual(before);
    const longest = await patch(admin, `/api/families/${familyId}`, { name: 'x'.repeat(100) });
    expect(longest.statusCode).toBe(200);
  });
});

describe('GET /api/families/:id/members', () => {
  it('lists the members with their public names, in the order they joined', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const member = await signUp(context.app);
    const { memberId } = await addMember(context.sql, familyId, member.user.id);
    await context.sql`update users set first_name = 'Ada', last_name = 'Lovelace' where id = ${member.user.id}`;

    const response = await get(member, `/api/families/${familyId}/members`);
    expect(response.statusCode).toBe(200);
    const members = z.array(memberAnswer).parse(response.json());
    expect(members.map((entry) => entry.userId)).toEqual([admin.user.id, member.user.id]);
    expect(members[0]).toMatchObject({ familyId, role: 'admin', relationshipType: 'creator', relativeToId: null });
    expect(members[1]).toEqual({
      id: memberId,
      familyId,
      userId: member.user.id,
      role: 'member',
      relationshipType: 'other',
      relativeToId: admin.user.id,
      joinedAt: expect.any(String),
      user: {
        id: member.user.id,
        username: member.username,
        firstName: 'Ada',
        lastName: 'Lovelace',
        profileImageUrl: null,
        birthday: null,
      },
    });
    expect(Date.parse(members[0]!.joinedAt)).toBeLessThanOrEqual(Date.parse(members[1]!.joinedAt));
  });

  it("answers another family's id exactly like an id that does not exist", async () => {
    const owner = await signUp(context.app);
    const familyId = await newFamily(owner);
    const stranger = await signUp(context.app);
    const foreign = await get(stranger, `/api/families/${familyId}/members`);
    const missing = await get(stranger, `/api/families/${randomUUID()}/members`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Not found' });
    expect(foreign.body).toBe(missing.body);
    expect((await get(stranger, '/api/families/not-a-uuid/members')).json()).toMatchObject({ field: 'id' });
  });
});

describe('PATCH /api/families/:id/members/:memberId', () => {
  /** An admin (the creator) and a member, with both membership ids. */
  async function familyOfTwo() {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const [adminMember] = await context.sql<{ id: string }[]>`
      select id from family_members where family_id = ${familyId} and user_id = ${admin.user.id}
    `;
    const member = await signUp(context.app);
    const { memberId } = await addMember(context.sql, familyId, member.user.id);
    return { admin, adminMemberId: adminMember!.id, familyId, member, memberId };
  }

  async function memberRow(memberId: string) {
    const [row] = await context.sql`
      select m.role, m.relationship_type, m.version = f.version as latest
      from family_members m join families f on f.id = m.family_id
      where m.id = ${memberId}
    `;
    return row;
  }

  it("lets an admin change a member's role and relationship in one write", async () => {
    const { admin, familyId, member, memberId } = await familyOfTwo();
    const response = await patch(admin, `/api/families/${familyId}/members/${memberId}`, {
      role: 'admin',
      relationshipType: 'son',
    });
    expect(response.statusCode).toBe(200);
    expect(memberAnswer.parse(response.json())).toMatchObject({
      id: memberId,
      familyId,
      userId: member.user.id,
      role: 'admin',
      relationshipType: 'son',
      user: { id: member.user.id, username: member.username },
    });
    expect(await memberRow(memberId)).toEqual({ role: 'admin', relationship_type: 'son', latest: true });
    const device = new TestDevice(context.app, member);
    await device.pullAll();
    expect(device.rows.get(`members/${memberId}`)).toMatchObject({ role: 'admin', relationshipType: 'son' });
  });

  it('lets a member say how they are related', async () => {
    const { familyId, member, memberId } = await familyOfTwo();
    const response = await patch(member, `/api/families/${familyId}/members/${memberId}`, {
      relationshipType: 'granddaughter',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'member', relationshipType: 'granddaughter' });
    expect(await memberRow(memberId)).toEqual({ role: 'member', relationship_type: 'granddaughter', latest: true });
  });

  it('answers 403 with the reason to what a member may not do, and writes nothing', async () => {
    const { admin, adminMemberId, familyId, member, memberId } = await familyOfTwo();
    const before = await snapshot();
    const refusals = [
      { by: member, memberId, body: { role: 'admin' }, error: rejections.adminsOnly },
      // The relationship alone would be allowed: one write, so nothing of it is kept.
      { by: member, memberId, body: { role: 'admin', relationshipType: 'son' }, error: rejections.adminsOnly },
      { by: member, memberId: adminMemberId, body: { relationshipType: 'father' }, error: rejections.adminsOnly },
      { by: admin, memberId, body: { relationshipType: 'creator' }, error: rejections.creatorOnly },
      { by: admin, memberId: adminMemberId, body: { role: 'member' }, error: rejections.lastAdmin },
    ];
    for (const refusal of refusals) {
      const response = await patch(refusal.by, `/api/families/${familyId}/members/${refusal.memberId}`, refusal.body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: refusal.error });
    }
    expect(await memberRow(memberId)).toMatchObject({ role: 'member', relationship_type: 'other' });
    expect(await memberRow(adminMemberId)).toMatchObject({ role: 'admin', relationship_type: 'creator' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a member named under the wrong family, another family, or nobody', async () => {
    const { admin, familyId, memberId } = await familyOfTwo();
    const secondFamily = await newFamily(admin, 'Second');
    const stranger = await signUp(context.app);
    const before = await snapshot();
    const answers = await Promise.all([
      patch(admin, `/api/families/${secondFamily}/members/${memberId}`, { role: 'admin' }),
      patch(stranger, `/api/families/${familyId}/members/${memberId}`, { role: 'admin' }),
      patch(admin, `/api/families/${familyId}/members/${randomUUID()}`, { role: 'admin' }),
      patch(admin, `/api/families/${randomUUID()}/members/${memberId}`, { role: 'admin' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'Not found' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that changes nothing or something unknown with 400', async () => {
    const { admin, familyId, memberId } = await familyOfTwo();
    const url = `/api/families/${familyId}/members/${memberId}`;
    const before = await snapshot();
    expect((await patch(admin, url, {})).statusCode).toBe(400);
    const badRole = await patch(admin, url, { role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({ field: 'role' });
    const badRelationship = await patch(admin, url, { relationshipType: 'cousin' });
    expect(badRelationship.json()).toMatchObject({
      field: 'relationshipType',
      error: 'Please choose how you are related',
    });
    const unknown = await patch(admin, url, { role: 'admin', userId: randomUUID() });
    expect(unknown.json()).toMatchObject({ field: 'userId', error: 'Unknown field' });
    expect(await snapshot()).toEqual(before);
  });
});
