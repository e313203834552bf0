import type { PublicUser } from '../../schema/index.ts';
import { hashOfToken, newSecretToken } from '../auth/secret-tokens.ts';
import type { Queryable } from '../database.ts';
import { publicUserJson } from './public-user-json.ts';

/** A person's calendar address: made, replaced and turned off by them; read by their calendar with the token alone. */
export function createCalendarFeedRepository(sql: Queryable) {
  return {
    async isOn(userId: string): Promise<boolean> {
      return (await sql`select 1 from calendar_feeds where user_id = ${userId}`).length === 1;
    },

    /** A new address, the old one (if any) no longer working: answers its token. */
    async replace(userId: string): Promise<string> {
      const token = newSecretToken();
      await sql`
        insert into calendar_feeds (user_id, token_hash) values (${userId}, ${hashOfToken(token)})
        on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now()
      `;
      return token;
    },

    async turnOff(userId: string): Promise<void> {
      await sql`delete from calendar_feeds where user_id = ${userId}`;
    },

    async ownerOf(token: string): Promise<string | null> {
      const [row] = await sql<{ user_id: string }[]>`
        select user_id from calendar_feeds where token_hash = ${hashOfToken(token)}
      `;
      return row?.user_id ?? null;
    },

    /** The members of the person's families (themselves included) who gave a birthday: day and month only. */
    async birthdaysOf(userId: string): Promise<PublicUser[]> {
      const rows = await sql<{ user: PublicUser }[]>`
        select distinct on (u.id) ${publicUserJson(sql, 'u')} as user
        from family_members mine
        join family_members theirs on theirs.family_id = mine.family_id
        join users u on u.id = theirs.user_id
        where mine.user_id = ${userId} and u.birthday is not null
        order by u.id
      `;
      return rows.map((row) => row.user);
    },
  };
}
