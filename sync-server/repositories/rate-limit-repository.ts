import type { Queryable } from '../database.ts';

/** One fixed window's count of attempts under a name (plugins/rate-limit.ts says what is counted and how long). */
export type RateWindow = { count: number; resetAt: Date };

export function createRateLimitRepository(sql: Queryable) {
  return {
    /** Counts an attempt at `at`: in the window still open, or as the first of a new one ending at `newResetAt`. */
    async count(bucket: string, key: string, at: Date, newResetAt: Date): Promise<RateWindow | undefined> {
      const [row] = await sql<{ count: number; reset_at: Date }[]>`
        insert into rate_limits (bucket, key, count, reset_at)
        values (${bucket}, ${key}, 1, ${newResetAt})
        on conflict (bucket, key) do update set
          count = case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= ${at} then excluded.reset_at else rate_limits.reset_at end
        returning count, reset_at
      `;
      return row && { count: row.count, resetAt: row.reset_at };
    },

    async find(bucket: string, key: string): Promise<RateWindow | undefined> {
      const [row] = await sql<{ count: number; reset_at: Date }[]>`
        select count, reset_at from rate_limits where bucket = ${bucket} and key = ${key}
      `;
      return row && { count: row.count, resetAt: row.reset_at };
    },

    async forget(bucket: string, key: string): Promise<void> {
      await sql`delete from rate_limits where bucket = ${bucket} and key = ${key}`;
    },
  };
}
