import { describe, expect, it } from 'vitest';
import { newAccount, signUp, useTestApp } from '../testing/test-app.ts';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows the limit per window, then says how long to wait, then allows again', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    try {
      expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 0]);
      expect(limiter.hit('a')).toBe(60);
      expect(limiter.hit('b')).toBe(0);
      now += 45_500;
      expect(limiter.retryAfter('a')).toBe(15);
      now += 14_500;
      expect(limiter.retryAfter('a')).toBe(0);
      expect(limiter.hit('a')).toBe(0);
    } finally {
      limiter.close();
    }
  });

  it('checks without counting, and forgets a key on reset', () => {
    const limiter = new RateLimiter({ limit: 2, windowMs: 60_000 });
    try {
      expect(limiter.retryAfter('a')).toBe(0);
      limiter.hit('a');
      expect(limiter.retryAfter('a')).toBe(0);
      limiter.hit('a');
      expect(limiter.retryAfter('a')).toBeGreaterThan(0);
      limiter.reset('a');
      expect(limiter.retryAfter('a')).toBe(0);
    } finally {
      limiter.close();
    }
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
