import type { EmailDigest, NotificationType, PublicUser } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import { personTimeZones } from './person-time-zones.ts';
import { publicUserJson } from './public-user-json.ts';

export type DigestRecipient = {
  user_id: string;
  email: string;
  person: PublicUser;
  email_digest: Exclude<EmailDigest, 'off'>;
  last_sent_at: Date | null;
};

export type DigestLine = {
  familyName: string;
  type: NotificationType;
  relatedId: string | null;
  count: number;
  excerpt: string;
  actor: PublicUser | null;
};

/** The email digest's reads and writes (sync-server/mail/email-digest.ts decides when and what). */
export function createDigestRepository(sql: Queryable) {
  return {
    /**
     * Everyone whose digest is due at `now` and has not gone today (the day as they live it): from `hour` where they
     * are, every day or on `weeklyOn` (a day of the week as PostgreSQL's `extract(dow ...)` counts).
     */
    dueRecipients(now: Date, { hour, weeklyOn }: { hour: number; weeklyOn: number }): Promise<DigestRecipient[]> {
      return sql<DigestRecipient[]>`
        with ${personTimeZones(sql)}, local as (
          select s.user_id, s.email_digest, s.digest_sent_at, coalesce(z.time_zone, 'UTC') as zone,
            ${now}::timestamptz at time zone coalesce(z.time_zone, 'UTC') as local_time
          from user_settings s left join person_zones z on z.user_id = s.user_id
          where s.email_digest <> 'off'
        )
        select l.user_id, u.email, ${publicUserJson(sql, 'u')} as person, l.email_digest,
          l.digest_sent_at as last_sent_at
        from local l join users u on u.id = l.user_id
        where extract(hour from l.local_time) >= ${hour}
          and (l.email_digest = 'daily' or extract(dow from l.local_time) = ${weeklyOn})
          and (l.digest_sent_at is null or (l.digest_sent_at at time zone l.zone)::date < l.local_time::date)
      `;
    },

    /** Moves the recipient's `digest_sent_at` on to `now` only if nobody else moved it: answers whether it did. */
    async claim(recipient: DigestRecipient, now: Date): Promise<boolean> {
      const claimed = await sql`
        update user_settings set digest_sent_at = ${now}
        where user_id = ${recipient.user_id} and digest_sent_at is not distinct from ${recipient.last_sent_at}
      `;
      return claimed.count > 0;
    },

    /** A send that failed: the claim made at `now` goes back, for the next run. */
    async giveBackClaim(recipient: DigestRecipient, now: Date): Promise<void> {
      await sql`
        update user_settings set digest_sent_at = ${recipient.last_sent_at}
        where user_id = ${recipient.user_id} and digest_sent_at = ${now}
      `;
    },

    /** What `userId` has not read that changed after `since`, newest first. */
    unreadSince(userId: string, since: Date): Promise<DigestLine[]> {
      return sql<DigestLine[]>`
        select f.name as "familyName", n.type, n.related_id as "relatedId", n.count, n.excerpt,
          case when a.id is null then null else ${publicUserJson(sql, 'a')} end as actor
        from notifications n join families f on f.id = n.family_id left join users a on a.id = n.actor_id
        where n.user_id = ${userId} and not n.is_read and n.updated_at > ${since}
        order by n.updated_at desc
      `;
    },

    async addUnsubscribeToken(tokenHash: Buffer, userId: string): Promise<void> {
      await sql`insert into digest_unsubscribe_tokens (token_hash, user_id) values (${tokenHash}, ${userId})`;
    },

    /** The token's person and whether it was used; locked for the transaction when `forUpdate`. */
    async unsubscribeToken(tokenHash: Buffer, { forUpdate = false } = {}) {
      const [row] = await sql<{ user_id: string; used: boolean }[]>`
        select user_id, used_at is not null as used from digest_unsubscribe_tokens
        where token_hash = ${tokenHash} ${forUpdate ? sql`for update` : sql``}
      `;
      return row;
    },

    /** The token is used: its person's digest is off. */
    async unsubscribe(tokenHash: Buffer, userId: string): Promise<void> {
      await sql`update digest_unsubscribe_tokens set used_at = now() where token_hash = ${tokenHash}`;
      await sql`update user_settings set email_digest = 'off', updated_at = now() where user_id = ${userId}`;
    },
  };
}
