import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../schema/index.ts';
import { logIn, sessionCookie, signUp, useMailingApp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';

const context = useTestApp();
const mailing = useMailingApp(context);
let lastAddress = 0;
/** Each test asks from an address of its own, so the per-client limit counts only its own requests. */
const newClient = () => `192.0.2.${(lastAddress += 1)}`;

const { mailsTo } = mailing;

function askForLink(app: FastifyInstance, email: string, remoteAddress = newClient(), host = 'hearth.example') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/email',
    payload: { email },
    remoteAddress,
    headers: { host },
  });
}

function reset(app: FastifyInstance, token: string, newPassword = 'a new hearth 42') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { token, newPassword, confirmPassword: newPassword },
    remoteAddress: newClient(),
  });
}

/** The token of the one reset email the person got. */
async function emailedToken(account: TestAccount): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const [received] = mailsTo(account.email);
      if (!received) throw new Error('no email yet');
      return received;
    },
    { timeout: 5_000 },
  );
  expect(mail.subject).toBe('Reset your Hearth password');
  const link = /https:\/\/hearth\.example\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  if (!link?.[1]) throw new Error(`no reset link in:\n${mail.text}`);
  expect(mail.html).toContain(link[0]);
  return link[1];
}

async function me(app: FastifyInstance, cookie: string) {
  return app.inject({ url: '/api/auth/user', headers: { cookie } });
}

describe('forgot password, by email', () => {
  it('says when this server sends no email, and offers it where it does', async () => {
    const answer = await askForLink(context.app, 'rose@example.test');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatch(/can't send email.*Family Tree/);
    expect((await mailing.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ google: false, email: true });
  });

  it('answers the same for an address without an account, and emails only the one with one', async () => {
    const account = await signUp(context.app);
    const stranger = await askForLink(mailing.app, 'nobody-here@example.test');
    const known = await askForLink(mailing.app, account.email);
    expect([stranger.statusCode, known.statusCode]).toEqual([204, 204]);
    expect(stranger.body).toBe(known.body);
    await emailedToken(account);
    expect(mailsTo('nobody-here@example.test')).toEqual([]);
  });

  it('links to the configured address, never to the Host a request claims', async () => {
    const account = await signUp(context.app);
    expect((await askForLink(mailing.app, account.email, newClient(), 'evil.example')).statusCode).toBe(204);
    const token = await emailedToken(account);
    expect(mailsTo(account.email)[0]?.text).not.toContain('evil.example');
    // Only the token's hash is kept.
    const rows = await context.sql<{ token_hash: Buffer }[]>`
      select token_hash from account_links where user_id = ${account.user.id}
    `;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash.toString('base64url')).not.toBe(token);
  });

  it('sets the password once, ends every session, signs this browser in, and is used up', async () => {
    const account = await signUp(context.app);
    const otherDevice = sessionCookie(await logIn(context.app, account.email, account.password));
    await askForLink(mailing.app, account.email);
    const token = await emailedToken(account);

    const used = await reset(mailing.app, token);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json<{ user: User }>().user.id).toBe(account.user.id);
    expect((await me(context.app, sessionCookie(used))).statusCode).toBe(200);
    for (const ended of [account.cookie, otherDevice]) expect((await me(context.app, ended)).statusCode).toBe(401);
    expect((await logIn(context.app, account.email, account.password)).statusCode).toBe(401);
    expect((await logIn(context.app, account.email, 'a new hearth 42')).statusCode).toBe(200);

    const again = await reset(mailing.app, token, 'someone else 42');
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('This link has expired or was already used. Ask for a new one.');
    expect((await logIn(context.app, account.email, 'a new hearth 42')).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes, and one that never was', async () => {
    const account = await signUp(context.app);
    await askForLink(mailing.app, account.email);
    const token = await emailedToken(account);
    context.clock.advance(31 * 60_000);
    expect((await reset(mailing.app, token)).statusCode).toBe(410);
    expect((await reset(mailing.app, 'x'.repeat(43))).statusCode).toBe(410);
    expect((await logIn(context.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('refuses new passwords that do not match with a 400 naming the field, and keeps the link', async () => {
    const account = await signUp(context.app);
    await askForLink(mailing.app, account.email);
    const token = await emailedToken(account);
    const mismatched = await mailing.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, newPassword: 'one password', confirmPassword: 'another one' },
    });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toMatchObject({ field: 'confirmPassword', error: 'Passwords do not match' });
    expect((await reset(mailing.app, token)).statusCode).toBe(200);
  });

  it('sends at most 3 links an hour to one address and 10 from one client, with the same answer', async () => {
    const account = await signUp(context.app);
    const client = newClient();
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push((await askForLink(mailing.app, account.email, client)).statusCode);
    expect(answers).toEqual([204, 204, 204, 429]);
    // An address without an account is limited the same way: the limit tells nothing.
    const strangerAnswers = [];
    for (let index = 0; index < 4; index += 1) {
      strangerAnswers.push((await askForLink(mailing.app, 'nobody-at-all@example.test')).statusCode);
    }
    expect(strangerAnswers).toEqual([204, 204, 204, 429]);

    const busy = newClient();
    const fromOne = [];
    for (let index = 0; index < 11; index += 1) {
      fromOne.push((await askForLink(mailing.app, `someone${index}@example.test`, busy)).statusCode);
    }
    expect(fromOne.filter((status) => status === 429)).toHaveLength(1);
    expect(fromOne.at(-1)).toBe(429);
    await vi.waitFor(() => expect(mailsTo(account.email)).toHaveLength(3), { timeout: 5_000 });
  });
});

describe('a reset link made by a family admin', () => {
  async function family() {
    const admin = await signUp(context.app);
    const grandma = await signUp(context.app);
    const device = new TestDevice(context.app, admin);
    const { familyId } = await createFamily(device, 'The Millers');
    const { memberId: grandmaMemberId } = await addMember(context.sql, familyId, grandma.user.id);
    return { admin, grandma, familyId, grandmaMemberId };
  }

  const makeLink = (account: TestAccount, familyId: string, memberId: string) =>
    context.app.inject({
      method: 'POST',
      url: `/api/families/${familyId}/members/${memberId}/reset-link`,
      headers: { cookie: account.cookie },
    });

  it('is made by an admin for a member, works once for a day, on a server without email too', async () => {
    const { admin, grandma, familyId, grandmaMemberId } = await family();
    const made = await makeLink(admin, familyId, grandmaMemberId);
    expect(made.statusCode, made.body).toBe(201);
    const { token, expiresAt } = made.json<{ token: string; expiresAt: string }>();
    expect(new Date(expiresAt).getTime() - context.clock.now()).toBeGreaterThan(23 * 60 * 60_000);
    const [stored] = await context.sql<{ made_by: string; user_id: string }[]>`
      select made_by, user_id from account_links where user_id = ${grandma.user.id}
    `;
    expect(stored).toEqual({ made_by: admin.user.id, user_id: grandma.user.id });

    const used = await reset(context.app, token, 'grandma rose 72');
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json<{ user: User }>().user.id).toBe(grandma.user.id);
    expect((await me(context.app, grandma.cookie)).statusCode).toBe(401);
    // The admin's own session is untouched.
    expect((await me(context.app, admin.cookie)).statusCode).toBe(200);
    expect((await logIn(context.app, grandma.email, 'grandma rose 72')).statusCode).toBe(200);
    expect((await reset(context.app, token)).statusCode).toBe(410);
  });

  it('expires after a day', async () => {
    const { admin, familyId, grandmaMemberId } = await family();
    const { token } = (await makeLink(admin, familyId, grandmaMemberId)).json<{ token: string }>();
    context.clock.advance(25 * 60 * 60_000);
    expect((await reset(context.app, token)).statusCode).toBe(410);
  });

  it('is refused to a member who is not an admin, and for someone of another family', async () => {
    const { admin, grandma, familyId } = await family();
    const [adminMember] = await context.sql<{ id: string }[]>`
      select id from family_members where family_id = ${familyId} and user_id = ${admin.user.id}
    `;
    const refused = await makeLink(grandma, familyId, adminMember!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only a family admin can make a password reset link');

    const other = await family();
    const elsewhere = await makeLink(admin, familyId, other.grandmaMemberId);
    expect(elsewhere.statusCode).toBe(404);
    expect(await context.sql`select 1 from account_links where made_by = ${admin.user.id}`).toEqual([]);
  });
});
