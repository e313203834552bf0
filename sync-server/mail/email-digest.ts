import type { EmailDigest, NotificationType, PublicUser } from '../../schema/index.ts';
import { notificationPath, notificationText } from '../../schema/notification-text.ts';
import { publicName } from '../../schema/public-name.ts';
import { hashOfToken, newSecretToken } from '../auth/secret-tokens.ts';
import type { Sql } from '../database.ts';
import { escapeHtml } from '../html.ts';
import { personTimeZones } from '../repositories/person-time-zones.ts';
import { publicUserJson } from '../repositories/public-user-json.ts';
import type { Email, Mailer } from './mailer.ts';

/**
 * The email digest (decision 0025): at 8:00 where the person is (their devices' time zone, as for birthdays), every
 * day or on Sundays, what they have not read on the bell since the last one. Nothing to tell, no email.
 */
export const digestPolicy = {
  hour: 8,
  /** Sunday, as PostgreSQL's `extract(dow ...)` counts. */
  weeklyOn: 0,
  /** How far back the first digest after choosing one looks. */
  firstLooksBackDays: { daily: 1, weekly: 7 } satisfies Record<Exclude<EmailDigest, 'off'>, number>,
  /** Old emails' unsubscribe links keep working this long. */
  tokensKeptDays: 90,
  /** At most this many lines; the rest is "and N more". */
  linesMax: 20,
};

type Recipient = {
  user_id: string;
  email: string;
  person: PublicUser;
  email_digest: Exclude<EmailDigest, 'off'>;
  last_sent_at: Date | null;
};

export type DigestLine = {
  familyName: string;
  type: NotificationType;
  count: number;
  excerpt: string;
  actor: PublicUser | null;
};

/** Everyone whose digest is due at `now` and has not gone today (the day as they live it). */
async function dueRecipients(sql: Sql, now: Date): Promise<Recipient[]> {
  return sql<Recipient[]>`
    with ${personTimeZones(sql)}, local as (
      select s.user_id, s.email_digest, s.digest_sent_at, coalesce(z.time_zone, 'UTC') as zone,
        ${now}::timestamptz at time zone coalesce(z.time_zone, 'UTC') as local_time
      from user_settings s left join person_zones z on z.user_id = s.user_id
      where s.email_digest <> 'off'
    )
    select l.user_id, u.email, ${publicUserJson(sql, 'u')} as person, l.email_digest, l.digest_sent_at as last_sent_at
    from local l join users u on u.id = l.user_id
    where extract(hour from l.local_time) >= ${digestPolicy.hour}
      and (l.email_digest = 'daily' or extract(dow from l.local_time) = ${digestPolicy.weeklyOn})
      and (l.digest_sent_at is null or (l.digest_sent_at at time zone l.zone)::date < l.local_time::date)
  `;
}

/** What `userId` has not read that changed after `since`, newest first. */
async function unreadSince(sql: Sql, userId: string, since: Date): Promise<DigestLine[]> {
  return sql<DigestLine[]>`
    select f.name as "familyName", n.type, n.count, n.excerpt,
      case when a.id is null then null else ${publicUserJson(sql, 'a')} end as actor
    from notifications n join families f on f.id = n.family_id left join users a on a.id = n.actor_id
    where n.user_id = ${userId} and not n.is_read and n.updated_at > ${since}
    order by n.updated_at desc
  `;
}

/** The email itself: the bell's sentences by family, a link to each screen, and a way out that needs no sign-in. */
export function digestEmail(
  recipient: { email: string; name: string; frequency: Exclude<EmailDigest, 'off'> },
  lines: DigestLine[],
  links: { origin: string; unsubscribe: string },
): Email {
  const shown = lines.slice(0, digestPolicy.linesMax);
  const more = lines.length - shown.length;
  const families = [...new Set(shown.map((line) => line.familyName))];
  const items = shown.map((line) => {
    const { title, quote } = notificationText(line, line.actor ? publicName(line.actor) : 'Someone', line.familyName);
    return { ...line, title, quote, url: `${links.origin}${notificationPath[line.type]}` };
  });
  const period = recipient.frequency === 'daily' ? 'since yesterday' : 'this week';
  const things = lines.length === 1 ? '1 new thing' : `${lines.length} new things`;
  const subject = `${things} in ${families.length === 1 ? families[0] : 'your families'}`;
  const why = `You get this email ${recipient.frequency === 'daily' ? 'every morning' : 'on Sunday mornings'} because you chose it in Hearth's settings.`;

  const text = [
    `Hello ${recipient.name},`,
    '',
    `Here is what's new in Hearth ${period}.`,
    ...families.flatMap((family) => [
      '',
      family,
      ...items
        .filter((item) => item.familyName === family)
        .map((item) => `- ${item.title}${item.quote ? `: "${item.quote}"` : ''} (${item.url})`),
    ]),
    ...(more > 0 ? ['', `And ${more} more in Hearth.`] : []),
    '',
    `Open Hearth: ${links.origin}/`,
    '',
    '--',
    why,
    `Stop these emails: ${links.unsubscribe}`,
  ].join('\n');

  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#faf6f1;font-family:Georgia,serif;color:#2d2433">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:28px">
<p style="font-size:18px;margin:0 0 8px">Hello ${escapeHtml(recipient.name)},</p>
<p style="font-size:16px;margin:0 0 20px;color:#5b5063">Here is what's new in Hearth ${period}.</p>
${families
  .map(
    (family) => `<h2 style="font-size:18px;margin:20px 0 8px">${escapeHtml(family)}</h2>
<ul style="padding:0;margin:0;list-style:none">
${items
  .filter((item) => item.familyName === family)
  .map(
    (item) =>
      `<li style="margin:0 0 12px;font-size:16px;line-height:1.5"><a href="${escapeHtml(item.url)}" style="color:#6d3fc7;font-weight:bold;text-decoration:none">${escapeHtml(item.title)}</a>${
        item.quote ? `<br><span style="color:#5b5063">“${escapeHtml(item.quote)}”</span>` : ''
      }</li>`,
  )
  .join('\n')}
</ul>`,
  )
  .join('\n')}
${more > 0 ? `<p style="font-size:16px;color:#5b5063">And ${more} more in Hearth.</p>` : ''}
<p style="margin:24px 0 0"><a href="${escapeHtml(links.origin)}/" style="display:inline-block;background:#7c4ddb;color:#ffffff;padding:12px 20px;border-radius:999px;font-size:16px;text-decoration:none">Open Hearth</a></p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:13px;color:#6b6070;line-height:1.5">${escapeHtml(why)}
<a href="${escapeHtml(links.unsubscribe)}" style="color:#6b6070">Stop these emails</a>.</p>
</body></html>`;

  return {
    to: recipient.email,
    subject,
    text,
    html,
    // RFC 8058: mail apps show their own Unsubscribe button, which posts to the link without opening it.
    headers: { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Sends every digest due at `now`. Each is claimed first (its `digest_sent_at` moved on only if nobody else moved
 * it), so instances running together send it once; a send that fails gives the claim back for the next run.
 * Answers how many went.
 */
export async function sendDueDigests(
  sql: Sql,
  { mailer, origin }: { mailer: Mailer; origin: string },
  now = new Date(),
): Promise<{ sent: number }> {
  let sent = 0;
  for (const recipient of await dueRecipients(sql, now)) {
    const claimed = await sql`
      update user_settings set digest_sent_at = ${now}
      where user_id = ${recipient.user_id} and digest_sent_at is not distinct from ${recipient.last_sent_at}
    `;
    if (claimed.count === 0) continue;
    const lookBack = digestPolicy.firstLooksBackDays[recipient.email_digest] * 24 * 60 * 60 * 1000;
    const lines = await unreadSince(
      sql,
      recipient.user_id,
      recipient.last_sent_at ?? new Date(now.getTime() - lookBack),
    );
    if (lines.length === 0) continue;
    const token = newSecretToken();
    await sql`insert into digest_unsubscribe_tokens (token_hash, user_id) values (${hashOfToken(token)}, ${recipient.user_id})`;
    const person = { email: recipient.email, name: publicName(recipient.person), frequency: recipient.email_digest };
    const email = digestEmail(person, lines, {
      origin,
      unsubscribe: `${origin}/api/digest/unsubscribe?token=${token}`,
    });
    try {
      await mailer.send(email);
      sent += 1;
    } catch (error) {
      await sql`
        update user_settings set digest_sent_at = ${recipient.last_sent_at}
        where user_id = ${recipient.user_id} and digest_sent_at = ${now}
      `;
      throw error;
    }
  }
  return { sent };
}

export type UnsubscribeOutcome = 'unsubscribed' | 'used' | 'unknown';

/** What a token would do, without doing it (the page its link opens asks first). */
export async function unsubscribeTokenState(sql: Sql, token: string): Promise<'usable' | 'used' | 'unknown'> {
  const [row] = await sql<{ used: boolean }[]>`
    select used_at is not null as used from digest_unsubscribe_tokens where token_hash = ${hashOfToken(token)}
  `;
  return !row ? 'unknown' : row.used ? 'used' : 'usable';
}

/** The digest's one-click way out: the token turns its person's digest off, once. */
export async function unsubscribeFromDigest(sql: Sql, token: string): Promise<UnsubscribeOutcome> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ user_id: string; used: boolean }[]>`
      select user_id, used_at is not null as used from digest_unsubscribe_tokens
      where token_hash = ${hashOfToken(token)} for update
    `;
    if (!row) return 'unknown';
    if (row.used) return 'used';
    await tx`update digest_unsubscribe_tokens set used_at = now() where token_hash = ${hashOfToken(token)}`;
    await tx`update user_settings set email_digest = 'off', updated_at = now() where user_id = ${row.user_id}`;
    return 'unsubscribed';
  });
}
