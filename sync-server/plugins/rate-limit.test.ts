import { describe, expect, it } from 'vitest';
import { newAccount, signUp, useTestApp } from '../testing/test-app.ts';
import { createRateLimiter } from './rate-limit.ts';

describe('rate limits in PostgreSQL', () => {
  const context = useTestApp();

  it('allows the limit per window, then says how long to wait, then allows again', async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(context.sql, {
      bucket: 'test-window',
      limit: 3,
      windowMs: 60_000,
      now: () => now,
    });
    expect([await limiter.hit('a'), await limiter.hit('a'), await limiter.hit('a')]).toEqual([0, 0, 0]);
    expect(await limiter.hit('a')).toBe(60);
    expect(await limiter.hit('b')).toBe(0);
    now += 45_500;
    expect(await limiter.retryAfter('a')).toBe(15);
    now += 14_500;
    expect(await limiter.retryAfter('a')).toBe(0);
    expect(await limiter.hit('a')).toBe(0);
  });

  it('checks without counting, forgets a key on reset, and counts together across instances', async () => {
    const limiter = createRateLimiter(context.sql, { bucket: 'test-shared', limit: 2, windowMs: 60_000 });
    const otherInstance = createRateLimiter(context.sql, { bucket: 'test-shared', limit: 2, windowMs: 60_000 });
    expect(await limiter.retryAfter('a')).toBe(0);
    await limiter.hit('a');
    expect(await otherInstance.retryAfter('a')).toBe(0);
    await otherInstance.hit('a');
    expect(await limiter.retryAfter('a')).toBeGreaterThan(0);
    await otherInstance.reset('a');
    expect(await limiter.retryAfter('a')).toBe(0);
  });
});

describe('sign-in rate limits', () => {
  const context = useTestApp({ authRateLimitPerIp: 3 });

  it('limits logins per address with 429 and Retry-After, and recovers when the window ends', async () => {
    const remoteAddress = '203.0.113.7';
    const attempt = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: 'someone@example.test', password: 'whatever1' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many attempts. Please wait a moment and try again.' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const elsewhere = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.8',
      payload: { email: 'someone@example.test', password: 'whatever1' },
    });
    expect(elsewhere.statusCode).toBe(401);

    context.clock.advance(retryAfter * 1000);
    expect((await attempt()).statusCode).toBe(401);
  });

  it('limits signups per address', async () => {
    const remoteAddress = '203.0.113.20';
    const attempt = () => {
      const account = newAccount();
      return context.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress,
        payload: { ...account, confirmPassword: account.password },
      });
    };
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(201);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits failed logins per account from any address, without locking the account for good', async () => {
    const account = await signUp(context.app);
    let address = 0;
    const attempt = (password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `198.51.100.${(address += 1)}`,
        payload: { email: account.email.toUpperCase(), password },
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong password')).statusCode).toBe(401);
    const limited = await attempt(account.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);

    context.clock.advance(15 * 60 * 1000);
    const later = await attempt(account.password);
    expect(later.statusCode).toBe(200);
  });

  it('limits an unknown account the same way, so the limit does not tell which emails exist', async () => {
    let address = 100;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `198.51.100.${(address += 1)}`,
        payload: { email: 'ghost@example.test', password: 'wrong password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
