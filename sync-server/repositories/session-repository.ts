import type { User } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { toUser, type UserRow } from './user-repository.ts';

export type SessionWithUser = {
  user: User;
  expired: boolean;
  /** Last seen long enough ago that it is worth writing down again (and extending the session). */
  stale: boolean;
};

type SessionRow = UserRow & { expired: boolean; stale: boolean };

export type NewSession = { tokenHash: Buffer; userId: string; userAgent: string | null };

export type SessionPolicy = {
  /** A session ends this long after it was last seen. */
  lifetimeSeconds: number;
  /** Seeing a session is written down at most this often: not a write on every request. */
  touchIntervalSeconds: number;
};

export function createSessionRepository(sql: Sql, policy: SessionPolicy) {
  return {
    async create(session: NewSession): Promise<void> {
      await sql`
        insert into sessions (token_hash, user_id, expires_at, user_agent)
        values (
          ${session.tokenHash}, ${session.userId},
          now() + make_interval(secs => ${policy.lifetimeSeconds}), ${session.userAgent}
        )
      `;
    },

    async find(tokenHash: Buffer): Promise<SessionWithUser | null> {
      const [row] = await sql<SessionRow[]>`
        select u.*, s.expires_at <= now() as expired,
          s.last_seen_at < now() - make_interval(secs => ${policy.touchIntervalSeconds}) as stale
        from sessions s join users u on u.id = s.user_id
        where s.token_hash = ${tokenHash}
      `;
      if (!row) return null;
      return { user: toUser(row), expired: row.expired, stale: row.stale };
    },

    /** Whether the session began within `seconds`: a sign-in that recent stands in for a password asked again. */
    async beganWithin(tokenHash: Buffer, seconds: number): Promise<boolean> {
      const [session] = await sql<{ fresh: boolean }[]>`
        select created_at > now() - make_interval(secs => ${seconds}) as fresh from sessions where token_hash = ${tokenHash}
      `;
      return session?.fresh ?? false;
    },

    /** A person's live sessions, most recently seen first. */
    async listOf(userId: string) {
      return sql<{ token_hash: Buffer; user_agent: string | null; created_at: Date; last_seen_at: Date }[]>`
        select token_hash, user_agent, created_at, last_seen_at from sessions
        where user_id = ${userId} and expires_at > now() order by last_seen_at desc
      `;
    },

    /** Ends the person's sessions `which` names (one, or all but the one asking). Answers how many ended. */
    async end(userId: string, which: { only: Buffer } | { allBut: Buffer }): Promise<number> {
      const rows = await sql`
        delete from sessions where user_id = ${userId}
          and ${'only' in which ? sql`token_hash = ${which.only}` : sql`token_hash <> ${which.allBut}`}
      `;
      return rows.count;
    },

    async touch(tokenHash: Buffer): Promise<void> {
      await sql`
        update sessions set last_seen_at = now(), expires_at = now() + make_interval(secs => ${policy.lifetimeSeconds})
        where token_hash = ${tokenHash}
      `;
    },

    /** Answers whose session it was, if there was one. */
    async delete(tokenHash: Buffer): Promise<string | null> {
      const [row] = await sql<
        { user_id: string }[]
      >`delete from sessions where token_hash = ${tokenHash} returning user_id`;
      return row?.user_id ?? null;
    },

    async deleteExpired(): Promise<void> {
      await sql`delete from sessions where expires_at <= now()`;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
