import { hashOfToken, newSecretToken } from '../auth/secret-tokens.ts';
import type { Queryable } from '../database.ts';

/** What a link lets its holder do once (decision 0044). */
export type AccountLinkPurpose = 'password-reset' | 'sign-in';

export type NewAccountLink = {
  purpose: AccountLinkPurpose;
  userId: string;
  /** The family admin who made it for the person; none when it was emailed to them. */
  madeBy?: string;
  expiresAt: Date;
  /** A sign-in link (decision 0055): the hash of the asking browser's cookie, and of the code its page shows. */
  askerHash?: Buffer;
  codeHash?: Buffer;
};

/** What opening a sign-in link came to (decision 0055). */
export type SignInLinkUse =
  | { outcome: 'signed-in'; userId: string }
  /** Live, but opened in another browser without the code: kept for the person to type it. */
  | { outcome: 'needs-code' }
  /** Another browser typed a wrong code: the link is used up, so the code cannot be guessed. */
  | { outcome: 'wrong-code' }
  /** Unknown, expired or used. */
  | { outcome: 'closed' };

/** One-time links into an account: the token is handed out once and only its hash is kept. */
export function createAccountLinkRepository(sql: Queryable) {
  return {
    /** Answers the token, which is never stored. */
    async create(link: NewAccountLink): Promise<string> {
      const token = newSecretToken();
      await sql`
        insert into account_links (token_hash, purpose, user_id, made_by, expires_at, asker_hash, code_hash)
        values (
          ${hashOfToken(token)}, ${link.purpose}, ${link.userId}, ${link.madeBy ?? null}, ${link.expiresAt},
          ${link.askerHash ?? null}, ${link.codeHash ?? null}
        )
      `;
      return token;
    },

    /**
     * Uses the link up: whose account it opens while it is live, null for an unknown, expired or used one. Deleted
     * either way, so a second use of the same token finds nothing, whichever instance it reaches.
     */
    async use(token: string, purpose: AccountLinkPurpose, now: Date): Promise<string | null> {
      const [row] = await sql<{ user_id: string; live: boolean }[]>`
        delete from account_links where token_hash = ${hashOfToken(token)} and purpose = ${purpose}
        returning user_id, expires_at > ${now} as live
      `;
      return row?.live ? row.user_id : null;
    },

    /**
     * Opens a sign-in link: used up at once from the browser that asked for it, or from another one giving a code
     * (right or wrong); left in place for another browser that has not given one yet. One statement decides, so two
     * opens of one link cannot both sign in.
     */
    async useSignInLink(token: string, askerHash: Buffer | null, code: string | null, now: Date): Promise<SignInLinkUse> {
      const tokenHash = hashOfToken(token);
      const [row] = await sql<{ user_id: string; live: boolean; same_browser: boolean; code_matches: boolean; used: boolean }[]>`
        with link as (
          select user_id, expires_at > ${now} as live,
            coalesce(asker_hash = ${askerHash}, false) as same_browser,
            coalesce(code_hash = ${code === null ? null : hashOfToken(code)}, false) as code_matches
          from account_links where token_hash = ${tokenHash} and purpose = 'sign-in'
        ),
        gone as (
          delete from account_links
          where token_hash = ${tokenHash} and purpose = 'sign-in'
            and (coalesce(asker_hash = ${askerHash}, false) or ${code !== null})
          returning 1
        )
        select link.*, exists (select 1 from gone) as used from link
      `;
      if (!row?.live) return { outcome: 'closed' };
      if (!row.used) return code === null ? { outcome: 'needs-code' } : { outcome: 'closed' };
      if (row.same_browser || row.code_matches) return { outcome: 'signed-in', userId: row.user_id };
      return { outcome: 'wrong-code' };
    },

    /** Every other link of the person for `purpose` stops working (their password was just reset, or they just signed in). */
    async deleteAllOf(userId: string, purpose: AccountLinkPurpose): Promise<void> {
      await sql`delete from account_links where user_id = ${userId} and purpose = ${purpose}`;
    },
  };
}
