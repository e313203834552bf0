import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { userSchema, type User } from '../../schema/index.ts';
import { sessionCookieName } from '../plugins/session.ts';
import { logIn, newAccount, sessionCookie, signUp, useTestApp } from '../testing/test-app.ts';

const context = useTestApp();

function tokenOf(cookie: string): string {
  return cookie.slice(`${sessionCookieName}=`.length);
}

async function sessionRows(userId: string) {
  return context.sql<{ token_hash: Buffer }[]>`select token_hash from sessions where user_id = ${userId}`;
}

describe('signup', () => {
  it('creates the account, signs in, and answers the user', async () => {
    const account = newAccount({ username: 'Grandma_Rose', email: '  Rose@Example.TEST ' });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...account, confirmPassword: account.password },
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json<{ user: User }>();
    expect(userSchema.strict().parse(user)).toEqual(user);
    expect(user).toMatchObject({ username: 'Grandma_Rose', email: 'rose@example.test', firstName: null });
    expect(response.body).not.toContain('password');

    const me = await context.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);

    const [stored] = await context.sql<{ password_hash: string }[]>`
      select password_hash from users where id = ${user.id}
    `;
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('refuses a taken email, whatever its case', async () => {
    const first = await signUp(context.app);
    const account = newAccount({ email: first.email.toUpperCase() });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...account, confirmPassword: account.password },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'An account with this email already exists', field: 'email' });
  });

  it('refuses a taken username, whatever its case', async () => {
    const first = await signUp(context.app);
    const account = newAccount({ username: first.username.toUpperCase() });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...account, confirmPassword: account.password },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'That username is already taken', field: 'username' });
  });

  it('lets "Grandma Rose" sign up without a username: the handle comes from the email, numbered when taken', async () => {
    const signUpAs = (email: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'roses are red', confirmPassword: 'roses are red' },
      });
    const first = await signUpAs('grandma.rose@example.test');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<{ user: User }>().user.username).toBe('grandma.rose');
    const second = await signUpAs('grandma.rose@elsewhere.test');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ user: User }>().user.username).toMatch(/^grandma\.rose\d{4,5}$/);
    // A taken email is still said plainly, not hidden behind a renamed handle.
    expect((await signUpAs('grandma.rose@example.test')).json()).toEqual({
      error: 'An account with this email already exists',
      field: 'email',
    });
  });

  it('lets only one of two simultaneous signups with one email through', async () => {
    const email = newAccount().email;
    const responses = await Promise.all(
      [newAccount({ email }), newAccount({ email })].map((account) =>
        context.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { ...account, confirmPassword: account.password },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ for 30 days, not Secure over http', async () => {
    const account = newAccount();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...account, confirmPassword: account.password },
    });
    const cookie = response.cookies.find((candidate) => candidate.name === sessionCookieName);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2_592_000 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('marks the cookie Secure when the public address is https', async () => {
    const secureApp = await context.buildApp({ publicUrl: new URL('https://hearth.example') });
    const account = newAccount();
    const response = await secureApp.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...account, confirmPassword: account.password },
    });
    expect(response.statusCode).toBe(201);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
  });

  it('creates the settings row with the defaults', async () => {
    const { user } = await signUp(context.app);
    const rows = await context.sql`select text_size, family_updates from user_settings where user_id = ${user.id}`;
    expect(rows).toEqual([{ text_size: 'normal', family_updates: true }]);
  });
});

describe('login and logout', () => {
  it('goes signup → user → logout → 401', async () => {
    const { cookie } = await signUp(context.app);
    const me = await context.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);

    const logout = await context.app.inject({ url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
    const cleared = logout.cookies.find((candidate) => candidate.name === sessionCookieName);
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);

    const after = await context.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Unauthorized' });
  });

  it('answers a visitor with no session cookie "no one" without an error, and 401 for a made-up token', async () => {
    const none = await context.app.inject({ url: '/api/auth/user' });
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const forged = await context.app.inject({
      url: '/api/auth/user',
      headers: { cookie: `${sessionCookieName}=${'A'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('gives a new token on every login and stores only its sha256', async () => {
    const account = await signUp(context.app);
    const first = await logIn(context.app, account.email, account.password);
    const second = await logIn(context.app, account.email, account.password);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ user: User }>().user.id).toBe(account.user.id);
    const tokens = [account.cookie, sessionCookie(first), sessionCookie(second)].map(tokenOf);
    expect(new Set(tokens).size).toBe(3);

    const stored = (await sessionRows(account.user.id)).map((row) => row.token_hash.toString('hex'));
    expect(stored).toHaveLength(3);
    for (const token of tokens) {
      expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
    }
    const [raw] = await context.sql<{ dump: string }[]>`
      select string_agg(encode(token_hash, 'escape') || encode(token_hash, 'hex') || user_agent, ' ') as dump
      from sessions where user_id = ${account.user.id}
    `;
    for (const token of tokens) expect(raw?.dump ?? '').not.toContain(token);
  });

  it('replaces the session the browser already had when it logs in again', async () => {
    const account = await signUp(context.app);
    const again = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: account.cookie },
      payload: { email: account.email, password: account.password },
    });
    expect(again.statusCode).toBe(200);
    expect(await sessionRows(account.user.id)).toHaveLength(1);
    const old = await context.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('logout deletes the session row', async () => {
    const account = await signUp(context.app);
    expect(await sessionRows(account.user.id)).toHaveLength(1);
    await context.app.inject({ url: '/api/logout', headers: { cookie: account.cookie } });
    expect(await sessionRows(account.user.id)).toHaveLength(0);
  });

  it('a link or an image on another site does not sign anyone out; Hearth’s own pages and a typed address do', async () => {
    const account = await signUp(context.app);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page' },
    ]) {
      const response = await context.app.inject({
        url: '/api/logout',
        headers: { cookie: account.cookie, ...headers },
      });
      expect(response.headers.location).toBe('/');
      expect(await sessionRows(account.user.id), JSON.stringify(headers)).toHaveLength(1);
    }
    const ownPage = await context.app.inject({
      url: '/api/logout',
      headers: { cookie: account.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(ownPage.statusCode).toBe(302);
    expect(await sessionRows(account.user.id)).toHaveLength(0);

    const typed = await signUp(context.app);
    await context.app.inject({ url: '/api/logout', headers: { cookie: typed.cookie, 'sec-fetch-site': 'none' } });
    expect(await sessionRows(typed.user.id)).toHaveLength(0);
  });

  it('the app signs out with a POST, which another site cannot send', async () => {
    const account = await signUp(context.app);
    const foreign = await context.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: account.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await sessionRows(account.user.id)).toHaveLength(1);
    const own = await context.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: account.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(204);
    expect(await sessionRows(account.user.id)).toHaveLength(0);
  });

  it('logout without a session still ends on /', async () => {
    const response = await context.app.inject({ url: '/api/logout' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const account = await signUp(context.app);
    const wrongPassword = await logIn(context.app, account.email, 'not the password');
    const unknownEmail = await logIn(context.app, 'nobody@example.test', account.password);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe('{"error":"Invalid email or password"}');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('takes a similar time for an unknown email as for a wrong password', async () => {
    const account = await signUp(context.app);
    async function timed(email: string): Promise<number> {
      const started = performance.now();
      await logIn(context.app, email, 'not the password');
      return performance.now() - started;
    }
    const wrong = Math.min(await timed(account.email), await timed(account.email));
    const unknown = Math.min(await timed('ghost1@example.test'), await timed('ghost2@example.test'));
    // Both run one argon2id verification; without the dummy hash the unknown email would answer in well under 1 ms.
    expect(unknown).toBeGreaterThan(wrong / 3);
  });

  it('ends sessions that have expired and cleans them up', async () => {
    const account = await signUp(context.app);
    await context.sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${account.user.id}`;
    const response = await context.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
    expect(await sessionRows(account.user.id)).toHaveLength(0);
  });

  it('writes down when a session was last seen only every few minutes, and then extends it', async () => {
    const account = await signUp(context.app);
    const seen = async () =>
      (
        await context.sql<{ last_seen_at: Date; expires_at: Date }[]>`
          select last_seen_at, expires_at from sessions where user_id = ${account.user.id}
        `
      )[0]!;
    const before = await seen();
    const fresh = await context.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect(await seen()).toEqual(before);

    await context.sql`
      update sessions set last_seen_at = now() - interval '10 minutes', expires_at = now() + interval '1 day'
      where user_id = ${account.user.id}
    `;
    // Changed behind the server's back: this instance trusts the session it just saw for a while unless told.
    context.app.accountChanged(account.user.id, context.app.log);
    const stale = await context.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(stale.statusCode).toBe(200);
    expect(sessionCookie(stale)).toBe(account.cookie);
    const after = await seen();
    expect(after.last_seen_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(after.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });
});

describe('profile', () => {
  it('updates the names, email and username and bumps updatedAt', async () => {
    const account = await signUp(context.app);
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: account.cookie },
      payload: {
        firstName: ' Rose ',
        lastName: 'Smith',
        email: 'NEW.' + account.email,
        username: 'rose_' + account.username,
        currentPassword: account.password,
      },
    });
    expect(response.statusCode).toBe(200);
    const user = response.json<User>();
    expect(user).toMatchObject({
      id: account.user.id,
      firstName: 'Rose',
      lastName: 'Smith',
      email: 'new.' + account.email,
      username: 'rose_' + account.username,
      createdAt: account.user.createdAt,
    });
    expect(Date.parse(user.updatedAt)).toBeGreaterThan(Date.parse(account.user.updatedAt));
    const me = await context.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(me.json()).toEqual(user);
  });

  it('changes only what was sent, and clears a name sent blank', async () => {
    const account = await signUp(context.app);
    await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: account.cookie },
      payload: { firstName: 'Rose', lastName: 'Smith' },
    });
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: account.cookie },
      payload: { lastName: '' },
    });
    expect(response.json()).toMatchObject({ firstName: 'Rose', lastName: null, email: account.email });
  });

  it('refuses an email or username someone else has', async () => {
    const other = await signUp(context.app);
    const account = await signUp(context.app);
    const email = await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: account.cookie },
      payload: { email: other.email, currentPassword: account.password },
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ error: 'An account with this email already exists', field: 'email' });
    const username = await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: account.cookie },
      payload: { username: other.username.toUpperCase() },
    });
    expect(username.statusCode).toBe(409);
    expect(username.json()).toEqual({ error: 'That username is already taken', field: 'username' });
  });

  it('needs a session', async () => {
    const response = await context.app.inject({ method: 'PATCH', url: '/api/auth/user', payload: { firstName: 'X' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
  });
});

describe('password change', () => {
  async function changePassword(cookie: string, currentPassword: string, newPassword: string) {
    return context.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie },
      payload: { currentPassword, newPassword, confirmPassword: newPassword },
    });
  }

  it('needs the current password', async () => {
    const account = await signUp(context.app);
    const response = await changePassword(account.cookie, 'not it at all', 'a brand new one');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Current password is incorrect', field: 'currentPassword' });
    expect((await logIn(context.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('keeps this session, ends every other one, and the new password works', async () => {
    const account = await signUp(context.app);
    const otherDevice = sessionCookie(await logIn(context.app, account.email, account.password));
    const response = await changePassword(account.cookie, account.password, 'a brand new one');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await context.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(
      200,
    );
    expect((await context.app.inject({ url: '/api/auth/user', headers: { cookie: otherDevice } })).statusCode).toBe(
      401,
    );
    expect(await sessionRows(account.user.id)).toHaveLength(1);
    expect((await logIn(context.app, account.email, account.password)).statusCode).toBe(401);
    expect((await logIn(context.app, account.email, 'a brand new one')).statusCode).toBe(200);
  });

  it('says when the new passwords do not match', async () => {
    const account = await signUp(context.app);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: account.cookie },
      payload: { currentPassword: account.password, newPassword: 'a brand new one', confirmPassword: 'different' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Passwords do not match', field: 'confirmPassword' });
  });
});

describe('sessions an instance trusts for a while', () => {
  const me = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/auth/user', headers: { cookie } });

  it('forgets a session ended by a password change, though it answered it a moment ago', async () => {
    const account = await signUp(context.app);
    const otherDevice = sessionCookie(await logIn(context.app, account.email, account.password));
    expect((await me(context.app, otherDevice)).statusCode).toBe(200);
    const changed = await context.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: account.cookie },
      payload: {
        currentPassword: account.password,
        newPassword: 'a brand new one',
        confirmPassword: 'a brand new one',
      },
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(context.app, otherDevice)).statusCode).toBe(401);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a sign-out or a new name on one instance holds on the other at once',
    async () => {
      const other = await context.buildApp({});
      const account = await signUp(context.app);
      const phone = sessionCookie(await logIn(context.app, account.email, account.password));
      expect((await me(other, account.cookie)).json<User>().firstName).toBeNull();
      expect((await me(other, phone)).statusCode).toBe(200);

      await context.app.inject({
        method: 'PATCH',
        url: '/api/auth/user',
        headers: { cookie: account.cookie },
        payload: { firstName: 'Rose' },
      });
      await context.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: phone } });

      // The word travels through PostgreSQL's NOTIFY: milliseconds, not the 30 s an entry is trusted.
      await vi.waitFor(async () => expect((await me(other, phone)).statusCode).toBe(401), { timeout: 2_000 });
      expect((await me(other, account.cookie)).json<User>().firstName).toBe('Rose');
    },
  );
});

describe('validation', () => {
  it.each([
    [
      '/api/auth/signup',
      { username: 'ab', email: 'a@b.example', password: 'secret1', confirmPassword: 'secret1' },
      'username',
      'Username must be at least 3 characters long',
    ],
    [
      '/api/auth/signup',
      { username: 'abc', email: 'a@b.example', password: 'secret1', confirmPassword: 'secret2' },
      'confirmPassword',
      'Passwords do not match',
    ],
    ['/api/auth/login', { email: 'not-an-email', password: 'secret1' }, 'email', 'Please enter a valid email address'],
    [
      '/api/auth/login',
      { email: 'a@b.example', password: '123' },
      'password',
      'Password must be at least 6 characters long',
    ],
    ['/api/auth/login', { password: 'secret1' }, 'email', 'Email is required'],
  ])('POST %s %j → 400 naming %s', async (url, payload, field, message) => {
    const response = await context.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, field });
    expect(response.json().issues).toContainEqual({ field, message });
  });

  it('names the field on profile and password changes', async () => {
    const { cookie } = await signUp(context.app);
    const profile = await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie },
      payload: { email: 'nope' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ error: 'Please enter a valid email address', field: 'email' });
    const password = await context.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie },
      payload: { newPassword: 'a brand new one', confirmPassword: 'a brand new one' },
    });
    expect(password.statusCode).toBe(400);
    expect(password.json()).toMatchObject({ error: 'Current password is required', field: 'currentPassword' });
  });

  it('refuses unknown fields, naming them', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.example', password: 'secret1', isAdmin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Unknown field', field: 'isAdmin' });
  });

  it('refuses a body that is not an object', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '["a@b.example","secret1"]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body must be a JSON object' });
  });
});

describe('redirects and providers', () => {
  it('sends /api/login to the login screen, keeping a same-site returnTo', async () => {
    const plain = await context.app.inject({ url: '/api/login' });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe('/login');
    const kept = await context.app.inject({ url: '/api/login?returnTo=/settings' });
    expect(kept.headers.location).toBe('/login?returnTo=%2Fsettings');
    for (const hostile of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const dropped = await context.app.inject({ url: `/api/login?returnTo=${encodeURIComponent(hostile)}` });
      expect(dropped.statusCode).toBe(302);
      expect(dropped.headers.location).toBe('/login');
    }
  });

  it('reports Google as unavailable and sends its button back to the login screen', async () => {
    const providers = await context.app.inject({ url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ google: false, email: false });
    const google = await context.app.inject({ url: '/api/auth/google' });
    expect(google.statusCode).toBe(302);
    expect(google.headers.location).toBe('/login?error=google_unavailable');
  });

  it('reports Google as available when configured, and starts the flow with PKCE', async () => {
    const app = await context.buildApp({
      google: { clientId: 'client-id', clientSecret: 'client-secret' },
      publicUrl: new URL('https://hearth.example'),
    });
    expect((await app.inject({ url: '/api/auth/providers' })).json()).toEqual({ google: true, email: false });
    const start = await app.inject({ url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin).toBe('https://accounts.google.com');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe('https://hearth.example/api/auth/google/callback');
    expect(location.searchParams.get('state')).toBeTruthy();

    const forged = await app.inject({ url: '/api/auth/google/callback?code=stolen&state=guessed' });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/login?error=google_failed');
    expect(forged.headers['set-cookie'] ?? '').not.toContain('hearth_session=');
  });
});
