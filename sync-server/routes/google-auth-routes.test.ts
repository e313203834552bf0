import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '../plugins/session.ts';
import { signUp, useTestApp } from '../testing/test-app.ts';
import { startTestOpenIdProvider } from '../testing/test-openid-provider.ts';

const context = useTestApp();

const joinPage = `/join/${randomBytes(32).toString('base64url')}`;
const returnToCookieName = 'hearth_google_return_to';

let app: FastifyInstance;
let provider: Awaited<ReturnType<typeof startTestOpenIdProvider>>;

beforeAll(async () => {
  provider = await startTestOpenIdProvider();
  app = await context.buildApp({
    google: { clientId: 'client-id', clientSecret: 'client-secret', endpoints: provider.endpoints },
    publicUrl: new URL('https://hearth.example'),
  });
});
afterAll(() => provider.close());

function cookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((candidate) => candidate.name === name);
}

/** The flow's cookies as the browser sends them back to the callback. */
function flowCookies(start: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(
    start.cookies
      .filter((candidate) => candidate.path === '/api/auth/google')
      .map((candidate) => [candidate.name, candidate.value]),
  );
}

/**
 * A whole sign-in as the browser makes it: the start, the provider's approval (a redirect back with a code), and the
 * callback with the flow's cookies. `tamper` changes the callback first (a forged state, another verifier).
 */
async function signInWithGoogle(
  returnTo = '/',
  tamper: (callback: URL, cookies: Record<string, string>) => void = () => {},
) {
  const start = await app.inject({ url: `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}` });
  const approval = await fetch(String(start.headers.location), { redirect: 'manual' });
  const callback = new URL(String(approval.headers.get('location')));
  const cookies = flowCookies(start);
  tamper(callback, cookies);
  const answer = await app.inject({ url: `${callback.pathname}${callback.search}`, cookies });
  return { start, callback, cookies, answer };
}

const failedTo = (returnTo: string, reason = 'google_failed') =>
  `/login?error=${reason}${returnTo === '/' ? '' : `&returnTo=${encodeURIComponent(returnTo)}`}`;

async function userWith(email: string) {
  const [user] = await context.sql<
    { id: string; first_name: string | null; google_sub: string | null; password: boolean }[]
  >`
    select id, first_name, google_sub, password_hash is not null as password from users where email = ${email}
  `;
  return user;
}

describe('Google sign-in against a local OpenID provider', () => {
  it('makes an account the first time, comes back to the page that asked, and finds the same account after', async () => {
    const sub = randomUUID();
    provider.signsIn({ sub, email: 'ada@example.test', email_verified: true, given_name: 'Ada' });
    const { start, answer } = await signInWithGoogle(joinPage);
    const authorization = new URL(String(start.headers.location));
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(cookie(start, returnToCookieName)).toMatchObject({ value: joinPage, httpOnly: true, sameSite: 'Lax' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(joinPage);
    expect(cookie(answer, sessionCookieName)?.value).toBeTruthy();
    expect(cookie(answer, returnToCookieName)?.value).toBe('');
    const made = await userWith('ada@example.test');
    expect(made).toMatchObject({ first_name: 'Ada', google_sub: sub, password: false });

    // Returning, with another email at Google by now: the same account, found by the Google account's own id.
    provider.signsIn({ sub, email: 'ada.lovelace@example.test', email_verified: true });
    const again = await signInWithGoogle();
    expect(again.answer.headers.location).toBe('/');
    const who = await app.inject({
      url: '/api/auth/user',
      cookies: { [sessionCookieName]: cookie(again.answer, sessionCookieName)!.value },
    });
    expect(who.json()).toMatchObject({ id: made!.id });
  });

  it('takes the name Google gives as the profile form would, cut to fit at a whole character', async () => {
    const given_name = `\u2067Ada\u200B\u2069 ${'👩\u200D💻'.repeat(20)}`;
    provider.signsIn({ sub: randomUUID(), email: 'ada.b@example.test', email_verified: true, given_name });
    expect((await signInWithGoogle()).answer.statusCode).toBe(302);
    expect((await userWith('ada.b@example.test'))?.first_name).toBe(`Ada ${'👩\u200D💻'.repeat(9)}`);
  });

  it('links an account that has a password when Google vouches for its email, and refuses an unverified one', async () => {
    const person = await signUp(app, { email: 'grace@example.test' });
    provider.signsIn({ sub: randomUUID(), email: 'grace@example.test', email_verified: false });
    const unverified = await signInWithGoogle();
    expect(unverified.answer.headers.location).toBe(failedTo('/'));
    expect(cookie(unverified.answer, sessionCookieName)).toBeUndefined();
    expect((await userWith('grace@example.test'))?.google_sub).toBeNull();

    const sub = randomUUID();
    provider.signsIn({ sub, email: 'grace@example.test', email_verified: true });
    const linked = await signInWithGoogle();
    expect(linked.answer.headers.location).toBe('/');
    expect(await userWith('grace@example.test')).toMatchObject({ id: person.user.id, google_sub: sub, password: true });

    // Unlinked in Settings: Google no longer signs in, and the same email does not link it again.
    const unlink = await app.inject({
      method: 'POST',
      url: '/api/auth/google/unlink',
      headers: { cookie: person.cookie },
    });
    expect(unlink.statusCode).toBe(204);
    const refused = await signInWithGoogle();
    expect(refused.answer.headers.location).toBe(failedTo('/', 'google_not_linked'));
    expect((await userWith('grace@example.test'))?.google_sub).toBeNull();
  });

  it('refuses a forged state, a replayed code, a wrong PKCE verifier and a callback without the flow', async () => {
    provider.signsIn({ sub: randomUUID(), email: 'mallory@example.test', email_verified: true });
    const forged = await signInWithGoogle(joinPage, (callback) => callback.searchParams.set('state', 'guessed'));
    expect(forged.answer.headers.location).toBe(failedTo(joinPage));
    const wrongVerifier = await signInWithGoogle('/', (_callback, cookies) => {
      cookies['oauth2-code-verifier'] = randomBytes(48).toString('base64url');
    });
    expect(wrongVerifier.answer.headers.location).toBe(failedTo('/'));

    const honest = await signInWithGoogle();
    expect(honest.answer.headers.location).toBe('/');
    const replayed = await app.inject({
      url: `${honest.callback.pathname}${honest.callback.search}`,
      cookies: honest.cookies,
    });
    expect(replayed.headers.location).toBe(failedTo('/'));
    expect(cookie(replayed, sessionCookieName)).toBeUndefined();
    const elsewhere = await app.inject({ url: `${honest.callback.pathname}${honest.callback.search}` });
    expect(elsewhere.headers.location).toBe(failedTo('/'));
  });

  it('lets a Google-only person set a password, and unlink Google only once they have one', async () => {
    provider.signsIn({ sub: randomUUID(), email: 'katherine@example.test', email_verified: true });
    const { answer } = await signInWithGoogle();
    const cookies = { [sessionCookieName]: cookie(answer, sessionCookieName)!.value };
    const methods = async () => (await app.inject({ url: '/api/auth/sign-in-methods', cookies })).json();
    expect(await methods()).toEqual({ password: false, google: true, googleAvailable: true, passkeys: false });
    expect((await app.inject({ method: 'POST', url: '/api/auth/google/unlink', cookies })).statusCode).toBe(409);

    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/auth/password/set',
      cookies,
      payload: { newPassword: 'a long new password', confirmPassword: 'something else' },
    });
    expect(mismatch.statusCode).toBe(400);
    const set = { newPassword: 'a long new password', confirmPassword: 'a long new password' };
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/password/set', cookies, payload: set })).statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/password/set', cookies, payload: set })).statusCode,
    ).toBe(409);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'katherine@example.test', password: 'a long new password' },
    });
    expect(login.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/google/unlink', cookies })).statusCode).toBe(204);
    expect(await methods()).toEqual({ password: true, google: false, googleAvailable: true, passkeys: false });
  });

  it('goes home instead of to another site, or to a page a stale cookie named', async () => {
    for (const hostile of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const start = await app.inject({ url: `/api/auth/google?returnTo=${encodeURIComponent(hostile)}` });
      expect(start.statusCode).toBe(302);
      // Written anyway: a sign-in started from the home page must not inherit an earlier one's page.
      expect(cookie(start, returnToCookieName)?.value).toBe('/');
      const failed = await app.inject({ url: '/api/auth/google/callback?code=x&state=y', cookies: flowCookies(start) });
      expect(failed.headers.location).toBe('/login?error=google_failed');
    }
    const planted = await app.inject({
      url: '/api/auth/google/callback?code=x&state=y',
      cookies: { [returnToCookieName]: 'https://evil.example/' },
    });
    expect(planted.headers.location).toBe('/login?error=google_failed');
  });

  it('keeps the page on the way to the login screen where Google sign-in is not set up', async () => {
    const unavailable = await context.app.inject({ url: `/api/auth/google?returnTo=${encodeURIComponent(joinPage)}` });
    expect(unavailable.statusCode).toBe(302);
    expect(unavailable.headers.location).toBe(
      `/login?error=google_unavailable&returnTo=${encodeURIComponent(joinPage)}`,
    );
    const hostile = await context.app.inject({ url: '/api/auth/google?returnTo=%2F%2Fevil.example' });
    expect(hostile.headers.location).toBe('/login?error=google_unavailable');
  });
});
