import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createdInvitationSchema,
  familyInvitationSchema,
  invitationLifetimeDays,
  invitationPreviewSchema,
  joinedFamilySchema,
} from '../../schema/index.ts';
import { createRecordingNotifier, signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { lockWaiters, openTransaction } from '../testing/held-transaction.ts';
import { addMember, familyVersion, TestDevice } from '../testing/test-device.ts';
import { familyMessages } from '../../schema/family-messages.ts';

const context = useTestApp();

const dayMs = 24 * 60 * 60 * 1000;

function request(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  account?: TestAccount,
  payload?: unknown,
  app: FastifyInstance = context.app,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload: payload as object });
}

async function newFamily(account: TestAccount, name = 'The Smiths'): Promise<string> {
  const response = await request('POST', '/api/families', account, { name });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function invite(account: TestAccount, familyId: string) {
  const response = await request('POST', `/api/families/${familyId}/invitations`, account);
  expect(response.statusCode).toBe(201);
  return createdInvitationSchema.strict().parse(response.json());
}

function listInvitations(account: TestAccount, familyId: string) {
  return request('GET', `/api/families/${familyId}/invitations`, account);
}

function revoke(account: TestAccount, familyId: string, invitationId: string) {
  return request('DELETE', `/api/families/${familyId}/invitations/${invitationId}`, account);
}

function lookUp(token: unknown, account?: TestAccount) {
  return request('POST', '/api/invitations/lookup', account, { token });
}

function accept(account: TestAccount | undefined, token: unknown, relationshipType = 'son') {
  return request('POST', '/api/invitations/accept', account, { token, relationshipType });
}

/** A family with its admin and one plain member. */
async function familyWithMember() {
  const admin = await signUp(context.app);
  const familyId = await newFamily(admin);
  const member = await signUp(context.app);
  await addMember(context.sql, familyId, member.user.id);
  return { admin, member, familyId };
}

async function membersOf(familyId: string) {
  return context.sql<{ user_id: string; role: string; relationship_type: string | null }[]>`
    select user_id, role, relationship_type from family_members where family_id = ${familyId} order by joined_at
  `;
}

/** Everything a refused request could have touched, to compare before and after. */
async function snapshot() {
  const [row] = await context.sql`
    select (select count(*)::int from invitations) as invitations,
      (select count(*)::int from invitations where revoked_at is not null) as revoked,
      (select count(*)::int from family_members) as members,
      (select coalesce(sum(version), 0)::int from families) as versions
  `;
  return row;
}

function unknownToken(): string {
  return randomBytes(32).toString('base64url');
}

describe('POST /api/families/:id/invitations', () => {
  it('makes a link any member can share, shown once and stored only as its hash', async () => {
    const { member, familyId } = await familyWithMember();
    const before = Date.now();
    const invitation = await invite(member, familyId);
    expect(invitation).toMatchObject({
      familyId,
      createdBy: { id: member.user.id, username: member.username, firstName: null, lastName: null },
    });
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt);
    expect(lifetime).toBe(invitationLifetimeDays * dayMs);
    expect(Date.parse(invitation.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const [row] = await context.sql<{ token_hash: Buffer; created_by_id: string; revoked_at: Date | null }[]>`
      select token_hash, created_by_id, revoked_at from invitations where id = ${invitation.id}
    `;
    expect(row!.token_hash).toEqual(createHash('sha256').update(invitation.token).digest());
    expect(row).toMatchObject({ created_by_id: member.user.id, revoked_at: null });
  });

  it('refuses someone signed out with 401', async () => {
    const { familyId } = await familyWithMember();
    const response = await request('POST', `/api/families/${familyId}/invitations`);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/families/:id/invitations', () => {
  it('lists the open links newest first, without their tokens, to every member', async () => {
    const { admin, member, familyId } = await familyWithMember();
    const expired = await invite(admin, familyId);
    const revoked = await invite(member, familyId);
    const older = await invite(admin, familyId);
    const newer = await invite(member, familyId);
    await context.sql`
      update invitations set created_at = now() - interval '20 days', expires_at = now() - interval '6 days'
      where id = ${expired.id}
    `;
    expect((await revoke(member, familyId, revoked.id)).statusCode).toBe(204);
    await context.sql`update invitations set created_at = now() - interval '1 hour' where id = ${older.id}`;

    for (const reader of [admin, member]) {
      const response = await listInvitations(reader, familyId);
      expect(response.statusCode).toBe(200);
      const listed = familyInvitationSchema.strict().array().parse(response.json());
      expect(listed.map((invitation) => invitation.id)).toEqual([newer.id, older.id]);
      expect(listed[0]).toEqual({
        id: newer.id,
        familyId,
        createdAt: newer.createdAt,
        expiresAt: newer.expiresAt,
        createdBy: newer.createdBy,
      });
    }
  });

  it('leaves out the links of someone who has left the family', async () => {
    const { admin, familyId } = await familyWithMember();
    const leaver = await signUp(context.app);
    const { memberId } = await addMember(context.sql, familyId, leaver.user.id);
    await invite(leaver, familyId);
    const staying = await invite(admin, familyId);
    const left = await request('DELETE', `/api/families/${familyId}/members/${memberId}`, leaver);
    expect(left.statusCode).toBe(204);
    const listed = (await listInvitations(admin, familyId)).json<{ id: string }[]>();
    expect(listed.map((invitation) => invitation.id)).toEqual([staying.id]);
  });
});

describe('DELETE /api/families/:id/invitations/:invitationId', () => {
  it('lets the maker turn off their own link, and an admin anyone’s', async () => {
    const { admin, member, familyId } = await familyWithMember();
    const own = await invite(member, familyId);
    const anyones = await invite(member, familyId);
    const byMaker = await revoke(member, familyId, own.id);
    expect(byMaker.statusCode).toBe(204);
    expect(byMaker.body).toBe('');
    expect((await revoke(admin, familyId, anyones.id)).statusCode).toBe(204);
    const rows = await context.sql<{ revoked: boolean }[]>`
      select revoked_at is not null as revoked from invitations where id in ${context.sql([own.id, anyones.id])}
    `;
    expect(rows).toEqual([{ revoked: true }, { revoked: true }]);
    expect((await listInvitations(admin, familyId)).json()).toEqual([]);
    expect((await lookUp(own.token)).statusCode).toBe(410);
  });

  it('answers 403 to a plain member turning off someone else’s link, and changes nothing', async () => {
    const { admin, member, familyId } = await familyWithMember();
    const invitation = await invite(admin, familyId);
    const before = await snapshot();
    const response = await revoke(member, familyId, invitation.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: familyMessages.invitationTurnOffNotAllowed });
    expect(await snapshot()).toEqual(before);
    expect((await lookUp(invitation.token)).statusCode).toBe(200);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'decides under the family’s lock: an admin made a member meanwhile may no longer turn off others’ links',
    async () => {
      const { admin, member, familyId } = await familyWithMember();
      const invitation = await invite(member, familyId);
      // Another write holds the family and hands the admin role over; the turn-off must wait for it, then see it.
      const held = await openTransaction(context.sql);
      await held.tx`select 1 from families where id = ${familyId} for no key update`;
      const setRole = (account: TestAccount, role: string) => held.tx`
        update family_members set role = ${role} where family_id = ${familyId} and user_id = ${account.user.id}
      `;
      await setRole(member, 'admin');
      await setRole(admin, 'member');
      const turnOff = revoke(admin, familyId, invitation.id);
      await lockWaiters(context.sql, 1);
      await held.commit();
      const response = await turnOff;
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: familyMessages.invitationTurnOffNotAllowed });
      expect((await lookUp(invitation.token)).statusCode).toBe(200);
    },
  );

  it('answers an unknown id and another family’s link exactly like a random id', async () => {
    const { admin, familyId } = await familyWithMember();
    const otherFamily = await newFamily(admin, 'The Joneses');
    const elsewhere = await invite(admin, otherFamily);
    const before = await snapshot();
    const answers = [await revoke(admin, familyId, elsewhere.id), await revoke(admin, familyId, randomUUID())];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'Not found' });
    }
    expect(answers[0]!.body).toBe(answers[1]!.body);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a family the user is not in', () => {
  it('reads exactly like a family that does not exist, for making, listing and turning off links', async () => {
    const { admin, familyId } = await familyWithMember();
    const invitation = await invite(admin, familyId);
    const stranger = await signUp(context.app);
    const before = await snapshot();
    const missing = randomUUID();
    const pairs = [
      [
        await request('POST', `/api/families/${familyId}/invitations`, stranger),
        await request('POST', `/api/families/${missing}/invitations`, stranger),
      ],
      [await listInvitations(stranger, familyId), await listInvitations(stranger, missing)],
      [await revoke(stranger, familyId, invitation.id), await revoke(stranger, missing, invitation.id)],
    ];
    for (const [foreign, nowhere] of pairs) {
      expect(foreign!.statusCode).toBe(404);
      expect(foreign!.json()).toEqual({ error: 'Not found' });
      expect(foreign!.body).toBe(nowhere!.body);
      expect(nowhere!.statusCode).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/invitations/lookup', () => {
  it('shows the family and who invited, to someone signed out', async () => {
    const { admin, familyId } = await familyWithMember();
    const named = await request('PATCH', '/api/auth/user', admin, { firstName: 'Margaret', lastName: 'Smith' });
    expect(named.statusCode).toBe(200);
    const invitation = await invite(admin, familyId);
    const response = await lookUp(invitation.token);
    expect(response.statusCode).toBe(200);
    expect(invitationPreviewSchema.strict().parse(response.json())).toEqual({
      familyId,
      familyName: 'The Smiths',
      invitedBy: 'Margaret Smith',
      expiresAt: invitation.expiresAt,
      alreadyMember: false,
    });
  });

  it('names the maker by their username when they have no name, and tells a member they are in already', async () => {
    const { member, familyId } = await familyWithMember();
    const invitation = await invite(member, familyId);
    const outsider = await signUp(context.app);
    const forOutsider = (await lookUp(invitation.token, outsider)).json();
    expect(forOutsider).toMatchObject({ invitedBy: member.username, alreadyMember: false });
    expect((await lookUp(invitation.token, member)).json()).toMatchObject({ alreadyMember: true });
    const staleCookie = { ...outsider, cookie: `hearth_session=${unknownToken()}` };
    const signedOut = await lookUp(invitation.token, staleCookie);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toMatchObject({ alreadyMember: false });
  });
});

describe('POST /api/invitations/accept', () => {
  it('adds the person as a member with their relationship, pokes the family, and their devices pull it', async () => {
    const notifier = createRecordingNotifier();
    const app = await context.buildApp({}, { notifier });
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const adminDevice = new TestDevice(context.app, admin);
    await adminDevice.pullAll();
    const invitation = await invite(admin, familyId);
    const joiner = await signUp(context.app);
    const joinerDevice = new TestDevice(context.app, joiner);
    await joinerDevice.pullAll();
    expect(joinerDevice.ids('families')).toEqual([]);
    const versionBefore = await familyVersion(context.sql, familyId);
    notifier.published.length = 0;

    const payload = { token: invitation.token, relationshipType: 'granddaughter' };
    const response = await request('POST', '/api/invitations/accept', joiner, payload, app);
    expect(response.statusCode).toBe(201);
    const joined = joinedFamilySchema.strict().parse(response.json());
    expect(joined.familyId).toBe(familyId);

    const [row] = await context.sql`
      select id, user_id, role, relationship_type, version::int from family_members
      where family_id = ${familyId} and user_id = ${joiner.user.id}
    `;
    expect(row).toEqual({
      id: joined.memberId,
      user_id: joiner.user.id,
      role: 'member',
      relationship_type: 'granddaughter',
      version: versionBefore + 1,
    });
    expect(await familyVersion(context.sql, familyId)).toBe(versionBefore + 1);
    expect(notifier.published).toEqual([{ familyId, version: versionBefore + 1, membershipChanged: [joiner.user.id] }]);

    await joinerDevice.pullAll();
    expect(joinerDevice.ids('families')).toEqual([familyId]);
    expect(joinerDevice.rows.get(`members/${joined.memberId}`)).toMatchObject({
      userId: joiner.user.id,
      role: 'member',
      relationshipType: 'granddaughter',
    });
    await adminDevice.pullAll();
    expect(adminDevice.rows.get(`members/${joined.memberId}`)).toMatchObject({ userId: joiner.user.id });
  });

  it('lets many people join with one link, and answers 409 to someone joining twice', async () => {
    const { admin, familyId } = await familyWithMember();
    const invitation = await invite(admin, familyId);
    const [first, second] = [await signUp(context.app), await signUp(context.app)];
    expect((await accept(first, invitation.token, 'daughter')).statusCode).toBe(201);
    expect((await accept(second, invitation.token, 'other')).statusCode).toBe(201);
    const before = await snapshot();

    const again = await accept(first, invitation.token, 'sister');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: familyMessages.alreadyMember });
    const byAdmin = await accept(admin, invitation.token);
    expect(byAdmin.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
    const relationships = (await membersOf(familyId)).map((member) => member.relationship_type);
    expect(relationships).toEqual(['creator', 'other', 'daughter', 'other']);
  });

  it('records whom the relationship is to: the link’s maker, kept when the member changes it', async () => {
    const { admin, member, familyId } = await familyWithMember();
    const invitation = await invite(member, familyId);
    const maya = await signUp(context.app);
    const accepted = await accept(maya, invitation.token, 'daughter');
    expect(accepted.statusCode).toBe(201);
    const { memberId } = joinedFamilySchema.parse(accepted.json());

    const anchors = () => context.sql<{ user_id: string; relationship_type: string; relative_to_id: string | null }[]>`
      select user_id, relationship_type, relative_to_id from family_members
      where family_id = ${familyId} and user_id = any(${[admin.user.id, maya.user.id]}::uuid[]) order by joined_at
    `;
    expect(await anchors()).toEqual([
      { user_id: admin.user.id, relationship_type: 'creator', relative_to_id: null },
      { user_id: maya.user.id, relationship_type: 'daughter', relative_to_id: member.user.id },
    ]);

    const mayaDevice = new TestDevice(context.app, maya);
    await mayaDevice.send({ name: 'member.setRelationship', args: { memberId, relationshipType: 'granddaughter' } });
    expect((await anchors())[1]).toEqual({
      user_id: maya.user.id,
      relationship_type: 'granddaughter',
      relative_to_id: member.user.id,
    });
    await mayaDevice.pullAll();
    expect(mayaDevice.rows.get(`members/${memberId}`)).toMatchObject({ relativeToId: member.user.id });
    expect(mayaDevice.users.get(member.user.id)).toMatchObject({ id: member.user.id });
  });

  it('refuses the creator relationship and a missing one with 400, and writes nothing', async () => {
    const { admin, familyId } = await familyWithMember();
    const invitation = await invite(admin, familyId);
    const joiner = await signUp(context.app);
    const before = await snapshot();
    for (const response of [
      await accept(joiner, invitation.token, 'creator'),
      await accept(joiner, invitation.token, 'cousin'),
      await request('POST', '/api/invitations/accept', joiner, { token: invitation.token }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Please choose how you are related', field: 'relationshipType' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 to someone signed out', async () => {
    const { admin, familyId } = await familyWithMember();
    const invitation = await invite(admin, familyId);
    const response = await accept(undefined, invitation.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
  });
});

describe('links that no longer work', () => {
  async function expectRefused(token: unknown, statusCode: number, error: string): Promise<void> {
    const joiner = await signUp(context.app);
    const before = await snapshot();
    for (const response of [await lookUp(token), await lookUp(token, joiner), await accept(joiner, token)]) {
      expect(response.statusCode).toBe(statusCode);
      expect(response.json()).toEqual({ error });
    }
    expect(await snapshot()).toEqual(before);
  }

  it('answers 410 to an expired link', async () => {
    const { admin, familyId } = await familyWithMember();
    const invitation = await invite(admin, familyId);
    await context.sql`
      update invitations set created_at = now() - interval '15 days', expires_at = now() - interval '1 day'
      where id = ${invitation.id}
    `;
    await expectRefused(invitation.token, 410, familyMessages.invitationExpired);
  });

  it('answers 410 to a link that was turned off, or whose maker has left the family', async () => {
    const { admin, familyId } = await familyWithMember();
    const revoked = await invite(admin, familyId);
    expect((await revoke(admin, familyId, revoked.id)).statusCode).toBe(204);
    await expectRefused(revoked.token, 410, familyMessages.invitationRevoked);

    const leaver = await signUp(context.app);
    const { memberId } = await addMember(context.sql, familyId, leaver.user.id);
    const orphaned = await invite(leaver, familyId);
    expect((await request('DELETE', `/api/families/${familyId}/members/${memberId}`, leaver)).statusCode).toBe(204);
    await expectRefused(orphaned.token, 410, familyMessages.invitationRevoked);
  });

  it('answers a malformed token exactly like an unknown one: 404, never a 400 naming the field', async () => {
    for (const token of [unknownToken(), 'abc', `${unknownToken()}x`, `${unknownToken().slice(0, 42)}=`, 42, null]) {
      await expectRefused(token, 404, familyMessages.invitationInvalid);
    }
    const joiner = await signUp(context.app);
    for (const response of [
      await request('POST', '/api/invitations/lookup', undefined, {}),
      await request('POST', '/api/invitations/accept', joiner, { relationshipType: 'son' }),
      await accept(joiner, 'abc', 'creator'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: familyMessages.invitationInvalid });
    }
  });
});

describe('rate limits', () => {
  it('limits lookups and joins per address, each on its own budget', async () => {
    const app = await context.buildApp({ authRateLimitPerIp: 2 });
    const remoteAddress = '203.0.113.9';
    const joiner = await signUp(context.app);
    const attempt = (action: 'lookup' | 'accept') =>
      app.inject({
        method: 'POST',
        url: `/api/invitations/${action}`,
        remoteAddress,
        headers: { cookie: joiner.cookie },
        payload: { token: unknownToken(), ...(action === 'accept' ? { relationshipType: 'son' } : {}) },
      });
    for (let i = 0; i < 2; i += 1) expect((await attempt('lookup')).statusCode).toBe(404);
    const limited = await attempt('lookup');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many attempts. Please wait a moment and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('accept')).statusCode).toBe(404);
    context.clock.advance(60_000);
    expect((await attempt('lookup')).statusCode).toBe(404);
  });
});
