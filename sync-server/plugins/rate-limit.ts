import type { Queryable } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { createRateLimitRepository } from '../repositories/rate-limit-repository.ts';

export type RateLimitOptions = {
  /** The counter's name: limiters with the same one share their counts (the password checks of every route). */
  bucket: string;
  /** Attempts allowed per window, at least 1. */
  limit: number;
  windowMs: number;
  /** The clock; tests move it forward instead of sleeping. */
  now?: () => number;
};

export type RateLimiter = {
  /** Counts one attempt; answers how many seconds to wait when this attempt is one too many, else 0. */
  hit(key: string): Promise<number>;
  /** How many seconds to wait before another attempt is allowed, without counting one; 0 when allowed now. */
  retryAfter(key: string): Promise<number>;
  reset(key: string): Promise<void>;
};

/**
 * Fixed-window counters keyed by any string (an IP, an email, a user id), kept in PostgreSQL so every instance counts
 * together. Windows always expire: a limiter slows guessing down, it never locks a person out for good;
 * housekeeping deletes the ended ones.
 */
export function createRateLimiter(
  sql: Queryable,
  { bucket, limit, windowMs, now = Date.now }: RateLimitOptions,
): RateLimiter {
  const key = (raw: string) => raw.slice(0, 400);
  const windows = createRateLimitRepository(sql);
  return {
    async hit(raw) {
      const at = new Date(now());
      const window = await windows.count(bucket, key(raw), at, new Date(at.getTime() + windowMs));
      return window && window.count > limit ? secondsUntil(window.resetAt.getTime(), at.getTime()) : 0;
    },
    async retryAfter(raw) {
      const at = now();
      const window = await windows.find(bucket, key(raw));
      return window && window.resetAt.getTime() > at && window.count >= limit
        ? secondsUntil(window.resetAt.getTime(), at)
        : 0;
    },
    async reset(raw) {
      await windows.forget(bucket, key(raw));
    },
  };
}

/**
 * The current password asked again (to change it or the email, to delete the account): one count per person across
 * every route that asks, so each is not five more guesses.
 */
export const passwordChecks = { bucket: 'password-checks', limit: 5, windowMs: 15 * 60_000 };

function secondsUntil(time: number, now: number): number {
  return Math.max(1, Math.ceil((time - now) / 1000));
}

/** Refuses the request with 429 and a Retry-After header when `retryAfterSeconds` says to wait. */
export function enforceRateLimit(retryAfterSeconds: number, error: string = serverMessages.tooManyAttempts): void {
  if (retryAfterSeconds > 0) {
    throw new HttpError(429, { error }, { 'retry-after': String(retryAfterSeconds) });
  }
}
