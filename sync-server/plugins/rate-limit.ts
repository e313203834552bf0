import type { FastifyInstance } from 'fastify';
import { HttpError, serverMessages } from '../http-errors.ts';

export type RateLimitOptions = {
  /** Attempts allowed per window, at least 1. */
  limit: number;
  windowMs: number;
  /** The clock; tests move it forward instead of sleeping. */
  now?: () => number;
};

type Window = { count: number; resetAt: number };

/**
 * Fixed-window counters in memory, keyed by any string (an IP, an email, a user id). Windows always expire: a
 * limiter slows guessing down, it never locks a person out for good. One process keeps its own counts, which is
 * what a family-sized deployment runs.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: RateLimitOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => this.sweep(), Math.max(this.windowMs, 60_000));
    this.sweeper.unref();
  }

  /** Counts one attempt; answers how many seconds to wait when this attempt is one too many, else 0. */
  hit(key: string): number {
    const now = this.now();
    const window = this.current(key, now);
    if (window) {
      window.count += 1;
      return window.count > this.limit ? secondsUntil(window.resetAt, now) : 0;
    }
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    return 0;
  }

  /** How many seconds to wait before another attempt is allowed, without counting one; 0 when allowed now. */
  retryAfter(key: string): number {
    const now = this.now();
    const window = this.current(key, now);
    return window && window.count >= this.limit ? secondsUntil(window.resetAt, now) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}

function secondsUntil(time: number, now: number): number {
  return Math.max(1, Math.ceil((time - now) / 1000));
}

/** A limiter that lives as long as the app: its sweeper stops when the app closes. */
export function createRateLimiter(app: FastifyInstance, options: RateLimitOptions): RateLimiter {
  const limiter = new RateLimiter(options);
  app.addHook('onClose', async () => limiter.close());
  return limiter;
}

/** Refuses the request with 429 and a Retry-After header when `retryAfterSeconds` says to wait. */
export function enforceRateLimit(retryAfterSeconds: number, error: string = serverMessages.tooManyAttempts): void {
  if (retryAfterSeconds > 0) {
    throw new HttpError(429, { error }, { 'retry-after': String(retryAfterSeconds) });
  }
}
