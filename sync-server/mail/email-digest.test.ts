import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { startTestMailServer } from '../testing/test-mail-server.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';
import { sendDueDigests } from './email-digest.ts';
import { createMailer, type Mailer } from './mailer.ts';

const context = useTestApp();
let mailServer: Awaited<ReturnType<typeof startTestMailServer>>;
let mailer: Mailer;
const origin = 'https://hearth.example';

beforeAll(async () => {
  mailServer = await startTestMailServer();
  mailer = createMailer({ smtpUrl: mailServer.smtpUrl, from: 'Hearth <hearth@hearth.example>' });
});
afterAll(() => mailServer.close());

/** The next 9:00 UTC: morning for someone whose devices never said where they are. */
function nextMorning(after = new Date()): Date {
  const morning = new Date(after);
  morning.setUTCHours(9, 0, 0, 0);
  if (morning <= after) morning.setUTCDate(morning.getUTCDate() + 1);
  return morning;
}

const days = (count: number) => count * 24 * 60 * 60 * 1000;

async function choose(account: TestAccount, emailDigest: 'off' | 'daily' | 'weekly') {
  const answer = await context.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: { cookie: account.cookie },
    payload: { emailDigest },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const mailTo = (account: TestAccount) =>
  mailServer.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === account.email);

async function family() {
  const grandma = await signUp(context.app);
  const son = await signUp(context.app);
  const device = new TestDevice(context.app, grandma);
  const { familyId } = await createFamily(device, 'The Okonkwos');
  await addMember(context.sql, familyId, son.user.id);
  return { grandma, son, device, familyId };
}

function unsubscribeLink(text: string): string {
  const link = /Stop these emails: (\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no unsubscribe link in:\n${text}`);
  return new URL(link).pathname + new URL(link).search;
}

describe('the email digest', () => {
  it('emails what the person has not read, once a morning, only to those who chose it', async () => {
    const { grandma, son, device, familyId } = await family();
    await choose(son, 'daily');
    await device.send(
      { name: 'post.create', args: { postId: randomUUID(), familyId, content: 'The plums are ripe <3' } },
      { name: 'message.send', args: { messageId: randomUUID(), familyId, messageType: 'text', content: 'Tea at 4?' } },
    );

    const morning = nextMorning();
    expect(await sendDueDigests(context.sql, { mailer, origin }, morning)).toEqual({ sent: 1 });
    const [mail] = mailTo(son);
    expect(mail?.subject).toBe('2 new things in The Okonkwos');
    expect(mail?.text).toContain(`- ${grandma.username} shared a post: "The plums are ripe <3" (${origin}/)`);
    expect(mail?.text).toContain(`- ${grandma.username} in the family chat: "Tea at 4?" (${origin}/chat)`);
    expect(mail?.html).toContain('The plums are ripe &#60;3');
    const header = (key: string) => mail?.headerLines.find((line) => line.key === key)?.line;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toContain(`<${origin}/api/digest/unsubscribe?token=`);
    expect(mailTo(grandma)).toEqual([]);

    // The same morning again (another instance, a retry): nothing more.
    expect(await sendDueDigests(context.sql, { mailer, origin }, new Date(morning.getTime() + 60_000))).toEqual({
      sent: 0,
    });
    // The next morning, with nothing new: no email at all.
    expect(await sendDueDigests(context.sql, { mailer, origin }, new Date(morning.getTime() + days(1)))).toEqual({
      sent: 0,
    });
    expect(mailTo(son)).toHaveLength(1);
  });

  it('sends a weekly one on Sunday mornings only, and tries again after the mail server failed', async () => {
    const { son, device, familyId } = await family();
    await choose(son, 'weekly');
    await device.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Week news' } });
    let sunday = nextMorning();
    while (sunday.getUTCDay() !== 0) sunday = new Date(sunday.getTime() + days(1));
    const saturday = new Date(sunday.getTime() - days(1));
    if (saturday > new Date()) {
      await sendDueDigests(context.sql, { mailer, origin }, saturday);
      expect(mailTo(son)).toEqual([]);
    }

    const failing: Mailer = { send: () => Promise.reject(new Error('mail server down')) };
    await expect(sendDueDigests(context.sql, { mailer: failing, origin }, sunday)).rejects.toThrow('mail server down');
    expect(await sendDueDigests(context.sql, { mailer, origin }, new Date(sunday.getTime() + 60 * 60_000))).toEqual({
      sent: 1,
    });
    expect(mailTo(son)[0]?.text).toContain("Here is what's new in Hearth this week.");
  });

  it('unsubscribes in one step from the link, without signing in, and says so when the link is wrong or used', async () => {
    const { son, device, familyId } = await family();
    await choose(son, 'daily');
    await device.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Hello' } });
    await sendDueDigests(context.sql, { mailer, origin }, nextMorning());
    const link = unsubscribeLink(mailTo(son)[0]!.text!);

    const asked = await context.app.inject({ method: 'GET', url: link });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Stop the emails');
    const settingOf = async () =>
      (await context.sql`select email_digest from user_settings where user_id = ${son.user.id}`)[0]?.email_digest;
    expect(await settingOf()).toBe('daily');

    // A mail app's own Unsubscribe button (RFC 8058): a form post from its server, no cookie, no origin.
    const oneClick = await context.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('No more digest emails');
    expect(await settingOf()).toBe('off');

    // Turned back on, the old link does not turn it off again.
    await choose(son, 'daily');
    for (const method of ['GET', 'POST'] as const) {
      const reused = await context.app.inject({ method, url: link });
      expect(reused.statusCode).toBe(410);
      expect(reused.body).toContain('already used');
    }
    expect(await settingOf()).toBe('daily');
    const wrong = await context.app.inject({ method: 'POST', url: '/api/digest/unsubscribe?token=not-a-real-token' });
    expect(wrong.statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: '/api/digest/unsubscribe' })).statusCode).toBe(400);
  });

  it('is offered only when the server can send email', async () => {
    const account = await signUp(context.app);
    const channels = async (app: typeof context.app) =>
      (
        await app.inject({ method: 'GET', url: '/api/notification-channels', headers: { cookie: account.cookie } })
      ).json().emailDigest;
    expect(await channels(context.app)).toBe(false);
    const withMail = await context.buildApp({ mail: { smtpUrl: mailServer.smtpUrl, from: 'Hearth <h@x.invalid>' } });
    expect(await channels(withMail)).toBe(true);
  });
});
