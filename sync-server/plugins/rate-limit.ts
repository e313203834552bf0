import type { Queryable } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';

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
 * together (issue 18). Windows always expire: a limiter slows guessing down, it never locks a person out for good;
 * housekeeping deletes the ended ones.
 */
export function createRateLimiter(
  sql: Queryable,
  { bucket, limit, windowMs, now = Date.now }: RateLimitOptions,
): RateLimiter {
  const key = (raw: string) => raw.slice(0, 400);
  return {
    async hit(raw) {
      const at = new Date(now());
      const [row] = await sql<{ count: number; reset_at: Date }[]>`
        insert into rate_limits (bucket, key, count, reset_at)
        values (${bucket}, ${key(raw)}, 1, ${new Date(at.getTime() + windowMs)})
        on conflict (bucket, key) do update set
          count = case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= ${at} then excluded.reset_at else rate_limits.reset_at end
        returning count, reset_at
      `;
      return row && row.count > limit ? secondsUntil(row.reset_at.getTime(), at.getTime()) : 0;
    },
    async retryAfter(raw) {
      const at = now();
      const [row] = await sql<{ count: number; reset_at: Date }[]>`
        select count, reset_at from rate_limits where bucket = ${bucket} and key = ${key(raw)}
      `;
      return row && row.reset_at.getTime() > at && row.count >= limit ? secondsUntil(row.reset_at.getTime(), at) : 0;
    },
    async reset(raw) {
      await sql`delete from rate_limits where bucket = ${bucket} and key = ${key(raw)}`;
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
