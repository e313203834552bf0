import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { connect } from '../database.ts';
import { newAccount, signUp, testConfig, useTestApp } from '../testing/test-app.ts';

const context = useTestApp();

function expectNoInternals(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/\bat .+:\d+:\d+|stack|select |insert |postgres|sql|ECONN|CONNECTION_/i);
}

function login(headers: Record<string, string>) {
  return context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: 'nobody@example.test', password: 'whatever1' },
  });
}

describe('security headers', () => {
  it('sends the policy on every answer and never X-Powered-By', async () => {
    for (const url of ['/api/health', '/api/unknown', '/some/screen']) {
      const response = await context.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/https?:\/\//);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(String(response.headers['permissions-policy'])).toMatch(/camera=\(\).*microphone=\(self\).*geolocation=\(\)/);
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps API answers out of shared caches', async () => {
    const response = await context.app.inject({ url: '/api/health' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('adds HSTS and upgrade-insecure-requests when the site is served over https', async () => {
    const app = await context.buildApp({ publicUrl: new URL('https://hearth.example') });
    const response = await app.inject({ url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});

describe('cross-site writes', () => {
  it('refuses a cross-site Sec-Fetch-Site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await login({ 'sec-fetch-site': site });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'This request came from another site and was refused' });
    }
  });

  it('refuses a foreign Origin when Sec-Fetch-Site is absent', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      const response = await login({ origin });
      expect(response.statusCode).toBe(403);
    }
  });

  it('lets same-origin requests and clients without either header through', async () => {
    expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401);
    expect((await login({ origin: 'http://localhost' })).statusCode).toBe(401);
    expect((await login({})).statusCode).toBe(401);
  });

  it('compares Origin with the public address when one is configured', async () => {
    const app = await context.buildApp({ publicUrl: new URL('https://hearth.example') });
    const inject = (origin: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin },
        payload: { email: 'nobody@example.test', password: 'whatever1' },
      });
    expect((await inject('https://hearth.example')).statusCode).toBe(401);
    expect((await inject('http://localhost')).statusCode).toBe(403);
  });

  it('does not guard reads', async () => {
    const response = await context.app.inject({ url: '/api/health', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('request bodies', () => {
  it('answers malformed JSON with 400', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.example", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('answers an empty JSON body and a prototype-polluting one with 400', async () => {
    for (const payload of ['', '{"__proto__": {"admin": true}, "email": "a@b.example"}']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request body is too large' });
  });

  it('refuses text/plain, forms and untyped bodies with 415', async () => {
    const cases = [
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      {},
    ];
    for (const headers of cases) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: 'email=a@b.example&password=secret1',
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(415);
      expect(response.json()).toEqual({ error: 'Send the request body as JSON (Content-Type: application/json)' });
    }
  });

  it('accepts multipart only on a route that opts in to uploads', async () => {
    const app = await context.buildApp({});
    app.post('/api/test-upload', { config: { uploads: true } }, async (request) => {
      const file = await request.file();
      return { name: file?.filename, bytes: (await file?.toBuffer())?.length };
    });
    const boundary = 'hearth-boundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="photo"; filename="cake.jpg"',
      'Content-Type: image/jpeg',
      '',
      'not really a jpeg',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const upload = await app.inject({ method: 'POST', url: '/api/test-upload', headers, payload });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toEqual({ name: 'cake.jpg', bytes: 17 });
    const elsewhere = await app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('accepts JSON with a charset', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ email: 'nobody@example.test', password: 'whatever1' }),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('not found', () => {
  it('answers unknown API routes with JSON, never HTML', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await context.app.inject({ method, url: '/api/unknown', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('answers a screen URL with a JSON 404 when there is no build', async () => {
    const response = await context.app.inject({ url: '/photos', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found' });
  });
});

describe('when the database fails', () => {
  it('answers 503 with a plain sentence, from health too, and keeps serving', async () => {
    const sql = connect(context.databaseUrl, 1);
    const brokenApp = await buildApp({ config: testConfig(), sql });
    try {
      const { cookie } = await signUp(brokenApp);
      await sql.end();

      const me = await brokenApp.inject({ url: '/api/auth/user', headers: { cookie } });
      expect(me.statusCode).toBe(503);
      expect(me.json()).toEqual({ error: "Hearth can't reach its data just now. Please try again in a moment." });
      expectNoInternals(me);

      const account = newAccount();
      const signup = await brokenApp.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { ...account, confirmPassword: account.password },
      });
      expect(signup.statusCode).toBe(503);
      expectNoInternals(signup);

      const health = await brokenApp.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'down' });

      expect((await context.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'up' });
    } finally {
      await brokenApp.close();
    }
  });
});
