import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionCookieName } from '../plugins/session.ts';
import { useTestApp } from '../testing/test-app.ts';

const context = useTestApp();

const joinPage = `/join/${randomBytes(32).toString('base64url')}`;
const returnToCookieName = 'hearth_google_return_to';

let app: FastifyInstance;

beforeAll(async () => {
  app = await context.buildApp({
    google: { clientId: 'client-id', clientSecret: 'client-secret' },
    publicUrl: new URL('https://hearth.example'),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

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

function startGoogleSignIn(returnTo: string): Promise<LightMyRequestResponse> {
  return app.inject({ url: `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}` });
}

/**
 * Google's side of a sign-in that works: its token endpoint (reached over https by the OAuth client) is answered
 * by a local server, which keeps what it was asked, and its userinfo endpoint (reached with fetch) names a person.
 */
async function googleSaysYes(email: string) {
  const tokenRequests: URLSearchParams[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      tokenRequests.push(new URLSearchParams(body));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: 'google-access-token', token_type: 'Bearer', expires_in: 3600 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  vi.spyOn(https, 'request').mockImplementation(((options: https.RequestOptions) =>
    http.request({ ...options, protocol: 'http:', host: '127.0.0.1', hostname: '127.0.0.1', port, agent: undefined }
    )) as typeof https.request);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    expect(String(input)).toBe('https://openidconnect.googleapis.com/v1/userinfo');
    return Response.json({ email, email_verified: true, given_name: 'Ada' });
  });
  return { tokenRequests, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('Google sign-in from a page that asked for it', () => {
  it('comes back to that page once signed in, with the state and PKCE checks of the flow intact', async () => {
    const start = await startGoogleSignIn(joinPage);
    expect(start.statusCode).toBe(302);
    const authorization = new URL(String(start.headers.location));
    expect(authorization.origin).toBe('https://accounts.google.com');
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(cookie(start, returnToCookieName)).toMatchObject({ value: joinPage, httpOnly: true, sameSite: 'Lax' });

    const google = await googleSaysYes('ada@example.test');
    try {
      const state = authorization.searchParams.get('state');
      const callback = await app.inject({
        url: `/api/auth/google/callback?code=the-code&state=${state}`,
        cookies: flowCookies(start),
      });
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe(joinPage);
      expect(cookie(callback, sessionCookieName)?.value).toBeTruthy();
      expect(cookie(callback, returnToCookieName)?.value).toBe('');
      expect(google.tokenRequests).toHaveLength(1);
      expect(google.tokenRequests[0]?.get('code')).toBe('the-code');
      expect(google.tokenRequests[0]?.get('code_verifier')).toBe(flowCookies(start)['oauth2-code-verifier']);
    } finally {
      await google.close();
    }
    const [user] = await context.sql`select first_name from users where email = 'ada@example.test'`;
    expect(user).toEqual({ first_name: 'Ada' });
  });

  it('lands on the login screen still holding the page when the sign-in fails', async () => {
    const start = await startGoogleSignIn(joinPage);
    const forged = await app.inject({
      url: '/api/auth/google/callback?code=stolen&state=guessed',
      cookies: flowCookies(start),
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe(`/login?error=google_failed&returnTo=${encodeURIComponent(joinPage)}`);
    expect(cookie(forged, sessionCookieName)).toBeUndefined();
  });

  it('goes home instead of to another site, or to a page a stale cookie named', async () => {
    for (const hostile of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const start = await startGoogleSignIn(hostile);
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
    const unavailable = await context.app.inject({
      url: `/api/auth/google?returnTo=${encodeURIComponent(joinPage)}`,
    });
    expect(unavailable.statusCode).toBe(302);
    expect(unavailable.headers.location).toBe(
      `/login?error=google_unavailable&returnTo=${encodeURIComponent(joinPage)}`,
    );
    const hostile = await context.app.inject({ url: '/api/auth/google?returnTo=%2F%2Fevil.example' });
    expect(hostile.headers.location).toBe('/login?error=google_unavailable');
  });
});
