import type { EmailDigest } from '../../schema/index.ts';
import { notificationHref, notificationText } from '../../schema/notification-text.ts';
import { publicName } from '../../schema/public-name.ts';
import { hashOfToken, newSecretToken } from '../auth/secret-tokens.ts';
import type { Sql } from '../database.ts';
import { escapeHtml } from '../html.ts';
import { createDigestRepository, type DigestLine } from '../repositories/digest-repository.ts';
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
    return { ...line, title, quote, url: `${links.origin}${notificationHref(line)}` };
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
  const digests = createDigestRepository(sql);
  let sent = 0;
  for (const recipient of await digests.dueRecipients(now, digestPolicy)) {
    if (!(await digests.claim(recipient, now))) continue;
    const lookBack = digestPolicy.firstLooksBackDays[recipient.email_digest] * 24 * 60 * 60 * 1000;
    const since = recipient.last_sent_at ?? new Date(now.getTime() - lookBack);
    const lines = await digests.unreadSince(recipient.user_id, since);
    if (lines.length === 0) continue;
    const token = newSecretToken();
    await digests.addUnsubscribeToken(hashOfToken(token), recipient.user_id);
    const person = { email: recipient.email, name: publicName(recipient.person), frequency: recipient.email_digest };
    const email = digestEmail(person, lines, {
      origin,
      unsubscribe: `${origin}/api/digest/unsubscribe?token=${token}`,
    });
    try {
      await mailer.send(email);
      sent += 1;
    } catch (error) {
      await digests.giveBackClaim(recipient, now);
      throw error;
    }
  }
  return { sent };
}

export type UnsubscribeOutcome = 'unsubscribed' | 'used' | 'unknown';

/** What a token would do, without doing it (the page its link opens asks first). */
export async function unsubscribeTokenState(sql: Sql, token: string): Promise<'usable' | 'used' | 'unknown'> {
  const row = await createDigestRepository(sql).unsubscribeToken(hashOfToken(token));
  return !row ? 'unknown' : row.used ? 'used' : 'usable';
}

/** The digest's one-click way out: the token turns its person's digest off, once. */
export async function unsubscribeFromDigest(sql: Sql, token: string): Promise<UnsubscribeOutcome> {
  return sql.begin(async (tx) => {
    const digests = createDigestRepository(tx);
    const row = await digests.unsubscribeToken(hashOfToken(token), { forUpdate: true });
    if (!row) return 'unknown';
    if (row.used) return 'used';
    await digests.unsubscribe(hashOfToken(token), row.user_id);
    return 'unsubscribed';
  });
}
