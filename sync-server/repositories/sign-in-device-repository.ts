import { hashOfToken, newSecretToken } from '../auth/secret-tokens.ts';
import type { Queryable } from '../database.ts';

/** 32 random bytes in base64url, as session tokens are; only the hash is stored. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Browsers a person has signed in from before (migration 0006). */
export function createSignInDeviceRepository(sql: Queryable) {
  return {
    /** Whether `token` (a cookie's value) names a browser `userId` signed in from; false for anything else. */
    async isKnown(token: string | undefined, userId: string): Promise<boolean> {
      if (!token || !tokenPattern.test(token)) return false;
      const rows =
        await sql`select 1 from sign_in_devices where token_hash = ${hashOfToken(token)} and user_id = ${userId}`;
      return rows.length > 0;
    },

    /** Remembers a browser for `userId`; answers the token to put in its cookie. */
    async remember(userId: string): Promise<string> {
      const token = newSecretToken();
      await sql`insert into sign_in_devices (token_hash, user_id) values (${hashOfToken(token)}, ${userId})`;
      return token;
    },
  };
}
