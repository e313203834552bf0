import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../schema/index.ts';
import { sessionCookie, signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { TestAuthenticator } from '../testing/test-authenticator.ts';
import { passkeyChallengeCookieName } from './passkey-routes.ts';

const context = useTestApp();
const origin = 'https://hearth.example';
let app: FastifyInstance;
const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

beforeAll(async () => {
  app = await context.buildApp({ publicUrl: new URL(origin) });
});

async function addPasskey(account: TestAccount, authenticator = new TestAuthenticator(origin)) {
  const options = await app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: { cookie: account.cookie } });
  expect(options.statusCode, options.body).toBe(200);
  const { challenge } = options.json<{ challenge: string }>();
  const added = await app.inject({
    method: 'POST',
    url: '/api/auth/passkeys',
    headers: { cookie: account.cookie, 'user-agent': phone },
    payload: { answer: authenticator.register(challenge) },
  });
  return { added, authenticator };
}

/** A signed-out browser asks for a challenge: answers it and the cookie that binds it to this browser. */
async function signInChallenge() {
  const options = await app.inject({ method: 'POST', url: '/api/auth/passkeys/sign-in/options' });
  expect(options.statusCode).toBe(200);
  const cookie = options.cookies.find((candidate) => candidate.name === passkeyChallengeCookieName);
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth/passkeys', maxAge: 300 });
  return { challenge: options.json<{ challenge: string }>().challenge, cookie: `${cookie!.name}=${cookie!.value}` };
}

function signInWith(cookie: string, answer: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/passkeys/sign-in', headers: { cookie }, payload: { answer } });
}

async function withPasskey() {
  const account = await signUp(context.app);
  const { added, authenticator } = await addPasskey(account);
  expect(added.statusCode, added.body).toBe(201);
  return { account, authenticator };
}

describe('adding a passkey', () => {
  it('adds one named by the device, and lists it for its person only', async () => {
    const { account, authenticator } = await withPasskey();
    const list = await app.inject({ url: '/api/auth/passkeys', headers: { cookie: account.cookie } });
    expect(list.json()).toEqual([
      { id: authenticator.id, name: 'Chrome on Android phone', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const stranger = await signUp(context.app);
    expect((await app.inject({ url: '/api/auth/passkeys', headers: { cookie: stranger.cookie } })).json()).toEqual([]);
  });

  it('refuses an answer to a challenge another session was given, or one used already', async () => {
    const account = await signUp(context.app);
    const otherSession = await signUp(context.app);
    const options = await app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: { cookie: account.cookie } });
    const answer = new TestAuthenticator(origin).register(options.json<{ challenge: string }>().challenge);
    const post = (cookie: string) =>
      app.inject({ method: 'POST', url: '/api/auth/passkeys', headers: { cookie }, payload: { answer } });
    expect((await post(otherSession.cookie)).statusCode).toBe(400);
    expect((await post(account.cookie)).statusCode).toBe(201);
    expect((await post(account.cookie)).statusCode).toBe(400);
  });

  it('refuses a wrong origin, no user verification, an expired challenge, and another person’s credential', async () => {
    const account = await signUp(context.app);
    const tryWith = async (answerFor: (challenge: string) => unknown, beforeAnswering = () => {}) => {
      const options = await app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: { cookie: account.cookie } });
      beforeAnswering();
      const answer = answerFor(options.json<{ challenge: string }>().challenge);
      return app.inject({ method: 'POST', url: '/api/auth/passkeys', headers: { cookie: account.cookie }, payload: { answer } });
    };
    const authenticator = new TestAuthenticator(origin);
    expect((await tryWith((challenge) => authenticator.register(challenge, { origin: 'https://evil.example' }))).statusCode).toBe(400);
    expect((await tryWith((challenge) => authenticator.register(challenge, { userVerified: false }))).statusCode).toBe(400);
    const late = await tryWith((challenge) => authenticator.register(challenge), () => context.clock.advance(6 * 60_000));
    expect(late.statusCode).toBe(400);

    const { authenticator: theirs } = await withPasskey();
    expect((await tryWith((challenge) => theirs.register(challenge))).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/auth/passkeys', headers: { cookie: account.cookie } })).json()).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('signs in the passkey’s person, and records its use', async () => {
    const { account, authenticator } = await withPasskey();
    const { challenge, cookie } = await signInChallenge();
    const answer = await signInWith(cookie, authenticator.signIn(challenge));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ user: User }>().user.id).toBe(account.user.id);
    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(answer) } });
    expect(me.json<User>().id).toBe(account.user.id);
    const [passkey] = (await app.inject({ url: '/api/auth/passkeys', headers: { cookie: account.cookie } })).json();
    expect(passkey.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed challenge, a challenge of another browser, and an expired one', async () => {
    const { authenticator } = await withPasskey();
    const first = await signInChallenge();
    const answer = authenticator.signIn(first.challenge);
    expect((await signInWith(first.cookie, answer)).statusCode).toBe(200);
    expect((await signInWith(first.cookie, answer)).statusCode).toBe(401);

    const mine = await signInChallenge();
    const another = await signInChallenge();
    expect((await signInWith(another.cookie, authenticator.signIn(mine.challenge))).statusCode).toBe(401);

    const late = await signInChallenge();
    context.clock.advance(6 * 60_000);
    expect((await signInWith(late.cookie, authenticator.signIn(late.challenge))).statusCode).toBe(401);
  });

  it('refuses a wrong origin, no user verification, a counter going back, and an unknown passkey', async () => {
    const { authenticator } = await withPasskey();
    const attempt = async (answerFor: (challenge: string) => unknown) => {
      const { challenge, cookie } = await signInChallenge();
      return signInWith(cookie, answerFor(challenge));
    };
    expect((await attempt((challenge) => authenticator.signIn(challenge, { origin: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await attempt((challenge) => authenticator.signIn(challenge, { userVerified: false }))).statusCode).toBe(401);
    expect((await attempt((challenge) => authenticator.signIn(challenge, { counter: 10 }))).statusCode).toBe(200);
    // A copy of the key, behind the original.
    expect((await attempt((challenge) => authenticator.signIn(challenge, { counter: 5 }))).statusCode).toBe(401);
    expect((await attempt((challenge) => new TestAuthenticator(origin).signIn(challenge))).statusCode).toBe(401);
    expect((await attempt((challenge) => authenticator.signIn(challenge, { counter: 11 }))).statusCode).toBe(200);
  });

  it('refuses an answer with no challenge cookie, with one answer for every refusal', async () => {
    const { authenticator } = await withPasskey();
    const { challenge } = await signInChallenge();
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/sign-in',
      payload: { answer: authenticator.signIn(challenge) },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toBe("That passkey couldn't sign you in. Try again, or sign in with your password.");
  });
});

describe('hostile answers', () => {
  it('answers mangled ones with a 4xx and nothing stored, never a 500', async () => {
    const account = await signUp(context.app);
    const token = await invitationToken();
    const mangled = [
      { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '%%%' }, clientExtensionResults: {} },
      {
        id: 'a'.repeat(1400),
        rawId: 'a',
        type: 'public-key',
        response: { clientDataJSON: Buffer.from('{"type":1}').toString('base64url'), attestationObject: 'AAAA' },
        clientExtensionResults: {},
      },
      { id: 'x\u0000', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30' }, clientExtensionResults: {} },
    ];
    for (const answer of [...mangled, { ...mangled[0], type: 'password' }, 'not an object']) {
      await app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: { cookie: account.cookie } });
      const added = await app.inject({ method: 'POST', url: '/api/auth/passkeys', headers: { cookie: account.cookie }, payload: { answer } });
      expect(added.statusCode, added.body).toBe(400);
      const { cookie } = await signInChallenge();
      const signIn = await signInWith(cookie, answer);
      expect([400, 401], signIn.body).toContain(signIn.statusCode);
      const signUpAsked = await signUpChallenge({ email: newEmail(), invitationToken: token });
      const madeWith = await finishSignUp(signUpAsked.cookie, answer);
      expect(madeWith.statusCode, madeWith.body).toBe(400);
      await app.inject({ method: 'POST', url: '/api/auth/passkeys/confirm/options', headers: { cookie: account.cookie } });
      const confirmed = await app.inject({ method: 'POST', url: '/api/auth/passkeys/confirm', headers: { cookie: account.cookie }, payload: { answer } });
      expect(confirmed.statusCode, confirmed.body).toBe(400);
    }
    expect(await context.sql`select 1 from passkeys where user_id = ${account.user.id}`).toEqual([]);
    for (const body of [{ email: 'a\u0000@example.test', invitationToken: token }, { email: newEmail() }, { email: newEmail(), invitationToken: token, password: 'x' }]) {
      const asked = await app.inject({ method: 'POST', url: '/api/auth/passkeys/sign-up/options', payload: body });
      expect(asked.statusCode, asked.body).toBe(400);
    }
  });
});

describe('removing a passkey', () => {
  it('removes one, which then signs nobody in; never someone else’s, never the last way in', async () => {
    const { account, authenticator } = await withPasskey();
    const { added, authenticator: second } = await addPasskey(account);
    expect(added.statusCode).toBe(201);
    const remove = (who: TestAccount, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: { cookie: who.cookie } });

    const stranger = await signUp(context.app);
    expect((await remove(stranger, authenticator.id)).statusCode).toBe(404);

    // Without a password, the last passkey is the only way in.
    await context.sql`update users set password_hash = null where id = ${account.user.id}`;
    expect((await remove(account, authenticator.id)).statusCode).toBe(204);
    const last = await remove(account, second.id);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe('This passkey is the only way you can sign in. Add a password or another passkey first.');

    const { challenge, cookie } = await signInChallenge();
    expect((await signInWith(cookie, authenticator.signIn(challenge))).statusCode).toBe(401);
  });

  it('keeps one way in when both of two passkeys are removed at once', async () => {
    const { account, authenticator } = await withPasskey();
    const { authenticator: second } = await addPasskey(account);
    await context.sql`update users set password_hash = null where id = ${account.user.id}`;
    const remove = (id: string) =>
      app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: { cookie: account.cookie } });
    const answers = await Promise.all([remove(authenticator.id), remove(second.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    const [row] = await context.sql<{ left: number }[]>`
      select count(*)::int as left from passkeys where user_id = ${account.user.id}`;
    expect(row?.left).toBe(1);
  });
});

/** An open invitation of a new family: the only way an account is made with a passkey alone. */
async function invitationToken(): Promise<string> {
  const admin = await signUp(context.app);
  const family = await app.inject({ method: 'POST', url: '/api/families', headers: { cookie: admin.cookie }, payload: { name: 'The Smiths' } });
  const invitation = await app.inject({
    method: 'POST',
    url: `/api/families/${family.json<{ id: string }>().id}/invitations`,
    headers: { cookie: admin.cookie },
  });
  return invitation.json<{ token: string }>().token;
}

let lastNewEmail = 0;
const newEmail = () => `grandma${(lastNewEmail += 1)}-${Date.now()}@example.test`;

/** A signed-out browser asks to make an account with a passkey: the challenge and the cookie binding it. */
async function signUpChallenge(body: { email: string; invitationToken: string }) {
  const options = await app.inject({ method: 'POST', url: '/api/auth/passkeys/sign-up/options', payload: body });
  const cookie = options.cookies.find((candidate) => candidate.name === passkeyChallengeCookieName);
  return { options, cookie: cookie && `${cookie.name}=${cookie.value}` };
}

function finishSignUp(cookie: string | undefined, answer: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/passkeys/sign-up',
    headers: { 'user-agent': phone, ...(cookie ? { cookie } : {}) },
    payload: { answer },
  });
}

describe('joining with a passkey alone', () => {
  it('makes the account with no password, signs it in, and the passkey signs it in again', async () => {
    const email = newEmail();
    const { options, cookie } = await signUpChallenge({ email, invitationToken: await invitationToken() });
    expect(options.statusCode, options.body).toBe(200);
    const authenticator = new TestAuthenticator(origin);
    const made = await finishSignUp(cookie, authenticator.register(options.json<{ challenge: string }>().challenge));
    expect(made.statusCode, made.body).toBe(201);
    const user = made.json<{ user: User }>().user;
    expect(user.email).toBe(email);
    const [row] = await context.sql<{ password_hash: string | null }[]>`select password_hash from users where id = ${user.id}`;
    expect(row?.password_hash).toBeNull();
    const methods = await app.inject({ url: '/api/auth/sign-in-methods', headers: { cookie: sessionCookie(made) } });
    expect(methods.json()).toMatchObject({ password: false, google: false, passkeys: true });

    const { challenge, cookie: signInCookie } = await signInChallenge();
    const again = await signInWith(signInCookie, authenticator.signIn(challenge));
    expect(again.json<{ user: User }>().user.id).toBe(user.id);
    // Never the last way in: its only passkey stays until a password or another passkey is added.
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${authenticator.id}`,
      headers: { cookie: sessionCookie(again) },
    });
    expect(removal.statusCode).toBe(409);
    const password = await app.inject({
      method: 'POST',
      url: '/api/auth/password/set',
      headers: { cookie: sessionCookie(again) },
      payload: { newPassword: 'a long hearth 42', confirmPassword: 'a long hearth 42' },
    });
    expect(password.statusCode).toBe(204);
  });

  it('needs an open invitation and a free email', async () => {
    const taken = await signUp(context.app);
    const token = await invitationToken();
    expect((await signUpChallenge({ email: taken.email, invitationToken: token })).options.statusCode).toBe(409);
    expect((await signUpChallenge({ email: newEmail(), invitationToken: 'A'.repeat(43) })).options.statusCode).toBe(404);
    expect((await signUpChallenge({ email: newEmail(), invitationToken: 'short' })).options.statusCode).toBe(400);
  });

  it('refuses a replayed challenge, another browser’s, a wrong origin, an unverified user, and an expired one', async () => {
    const token = await invitationToken();
    const authenticator = new TestAuthenticator(origin);
    const first = await signUpChallenge({ email: newEmail(), invitationToken: token });
    const answer = authenticator.register(first.options.json<{ challenge: string }>().challenge);
    const other = await signUpChallenge({ email: newEmail(), invitationToken: token });
    expect((await finishSignUp(other.cookie, answer)).statusCode).toBe(400);
    expect((await finishSignUp(undefined, answer)).statusCode).toBe(400);

    const attempt = async (answerFor: (challenge: string) => unknown, beforeAnswering = () => {}) => {
      const { options, cookie } = await signUpChallenge({ email: newEmail(), invitationToken: token });
      beforeAnswering();
      return finishSignUp(cookie, answerFor(options.json<{ challenge: string }>().challenge));
    };
    expect((await attempt((challenge) => authenticator.register(challenge, { origin: 'https://evil.example' }))).statusCode).toBe(400);
    expect((await attempt((challenge) => authenticator.register(challenge, { userVerified: false }))).statusCode).toBe(400);
    expect((await attempt((challenge) => authenticator.register(challenge), () => context.clock.advance(6 * 60_000))).statusCode).toBe(400);
    // Another person's credential cannot become this account's way in.
    const { authenticator: theirs } = await withPasskey();
    expect((await attempt((challenge) => theirs.register(challenge))).statusCode).toBe(400);
    const [left] = await context.sql<{ count: string }[]>`select count(*) from users where email like 'grandma%' and password_hash is null and id not in (select user_id from passkeys)`;
    expect(Number(left?.count)).toBe(0);
  });
});

describe('confirming with a passkey before deleting an account without a password', () => {
  async function passkeyOnlyAccount() {
    const { options, cookie } = await signUpChallenge({ email: newEmail(), invitationToken: await invitationToken() });
    const authenticator = new TestAuthenticator(origin);
    const made = await finishSignUp(cookie, authenticator.register(options.json<{ challenge: string }>().challenge));
    return { cookie: sessionCookie(made), authenticator };
  }
  const deleteAccount = (cookie: string) =>
    app.inject({ method: 'POST', url: '/api/auth/delete-account', headers: { cookie }, payload: {} });
  async function confirm(cookie: string, answerFor: (challenge: string) => unknown) {
    const options = await app.inject({ method: 'POST', url: '/api/auth/passkeys/confirm/options', headers: { cookie } });
    return app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/confirm',
      headers: { cookie },
      payload: { answer: answerFor(options.json<{ challenge: string }>().challenge) },
    });
  }

  it('asks for the passkey after ten minutes, refuses another person’s, and deletes once confirmed', async () => {
    const { cookie, authenticator } = await passkeyOnlyAccount();
    await context.sql`update sessions set created_at = created_at - interval '11 minutes'`;
    const stale = await deleteAccount(cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: 'confirm_with_passkey',
      error: 'For your safety, confirm with your passkey, then delete your account within ten minutes.',
    });

    const { authenticator: theirs } = await withPasskey();
    const notMine = await confirm(cookie, (challenge) => theirs.signIn(challenge));
    expect(notMine.statusCode).toBe(400);
    expect((await confirm(cookie, (challenge) => authenticator.signIn(challenge, { origin: 'https://evil.example' }))).statusCode).toBe(400);

    const confirmed = await confirm(cookie, (challenge) => authenticator.signIn(challenge));
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const fresh = sessionCookie(confirmed);
    // The old session was replaced by the fresh one.
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    expect((await deleteAccount(fresh)).statusCode).toBe(204);
  });
});
