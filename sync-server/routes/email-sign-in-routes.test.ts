import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../schema/index.ts';
import { sessionCookie, signUp, useMailingApp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { signInLinkCookieName } from './email-sign-in-routes.ts';

const context = useTestApp();
const mailing = useMailingApp(context);
let lastAddress = 0;
/** Each test asks from an address of its own, so the per-client limit counts only its own requests. */
const newClient = () => `198.51.100.${(lastAddress += 1)}`;

const { mailsTo } = mailing;

/** A browser asks for a link: the code its page shows, and the cookie that binds the link to it. */
async function askForLink(email: string, remoteAddress = newClient()) {
  const answer = await mailing.app.inject({ method: 'POST', url: '/api/auth/email-sign-in', payload: { email }, remoteAddress });
  const cookie = answer.cookies.find((candidate) => candidate.name === signInLinkCookieName);
  return { answer, code: answer.json<{ code: string }>().code, cookie: cookie && `${cookie.name}=${cookie.value}` };
}

/** The token of the newest sign-in email the person got. */
async function emailedToken(account: TestAccount, count = 1): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const received = mailsTo(account.email);
      if (received.length < count) throw new Error('no email yet');
      return received.at(-1)!;
    },
    { timeout: 5_000 },
  );
  expect(mail.subject).toBe('Sign in to Hearth');
  const link = /https:\/\/hearth\.example\/login#sign-in-link=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  if (!link?.[1]) throw new Error(`no sign-in link in:\n${mail.text}`);
  return link[1];
}

function open(token: string, { cookie, code }: { cookie?: string; code?: string } = {}): Promise<LightMyRequestResponse> {
  return mailing.app.inject({
    method: 'POST',
    url: '/api/auth/email-sign-in/use',
    payload: code === undefined ? { token } : { token, code },
    headers: cookie ? { cookie } : {},
    remoteAddress: newClient(),
  });
}

const signedInAs = async (answer: LightMyRequestResponse) =>
  (await mailing.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(answer) } })).json<User>().id;

describe('a sign-in link by email', () => {
  it('says when this server sends no email', async () => {
    const answer = await context.app.inject({ method: 'POST', url: '/api/auth/email-sign-in', payload: { email: 'a@example.test' } });
    expect(answer.statusCode).toBe(409);
  });

  it('answers the same for an address without an account, and emails only the one with one', async () => {
    const account = await signUp(context.app);
    const known = await askForLink(account.email);
    const unknown = await askForLink('nobody-here@example.test');
    expect(known.answer.statusCode).toBe(200);
    expect(unknown.answer.statusCode).toBe(200);
    expect(Object.keys(known.answer.json()).sort()).toEqual(Object.keys(unknown.answer.json()).sort());
    expect(known.code).toMatch(/^\d{6}$/);
    expect(unknown.code).toMatch(/^\d{6}$/);
    expect(unknown.cookie).toBeDefined();
    await emailedToken(account);
    expect(mailsTo('nobody-here@example.test')).toEqual([]);
  });

  it('signs in the browser that asked, once; only hashes are kept', async () => {
    const account = await signUp(context.app);
    const { cookie } = await askForLink(account.email);
    const token = await emailedToken(account);
    const stored = await context.sql`select token_hash, code_hash, asker_hash from account_links where user_id = ${account.user.id}`;
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const signedIn = await open(token, { cookie });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await signedInAs(signedIn)).toBe(account.user.id);
    const again = await open(token, { cookie });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('This sign-in link has expired or was already used. Ask for a new one.');
  });

  it('refuses a link after 15 minutes, and one that never was', async () => {
    const account = await signUp(context.app);
    const { cookie } = await askForLink(account.email);
    const token = await emailedToken(account);
    context.clock.advance(15 * 60_000 + 1_000);
    expect((await open(token, { cookie })).statusCode).toBe(410);
    expect((await open('A'.repeat(43), { cookie })).statusCode).toBe(410);
  });

  it('asks another browser for the code, signs it in with the right one, and a wrong one uses the link up', async () => {
    const account = await signUp(context.app);
    const { code } = await askForLink(account.email);
    const token = await emailedToken(account);
    const { cookie: elsewhere } = await askForLink('someone-else@example.test');
    const withoutCode = await open(token, { cookie: elsewhere });
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().code).toBe('code_needed');
    expect((await open(token)).statusCode).toBe(403);
    const withCode = await open(token, { code });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(await signedInAs(withCode)).toBe(account.user.id);

    const second = await askForLink(account.email);
    const secondToken = await emailedToken(account, 2);
    const wrongCode = second.code === '000000' ? '000001' : '000000';
    const guessed = await open(secondToken, { code: wrongCode });
    expect(guessed.statusCode).toBe(410);
    expect(guessed.json().error).toBe("That code doesn't match, so this link no longer works. Ask for a new one.");
    // Used up: the right code, or the asking browser itself, no longer opens it.
    expect((await open(secondToken, { code: second.code })).statusCode).toBe(410);
    expect((await open(secondToken, { cookie: second.cookie })).statusCode).toBe(410);
  });

  it('refuses hostile input with a 400, never a 500', async () => {
    for (const payload of [{}, { token: 'short' }, { token: 'A'.repeat(43), code: '12345' }, { token: 'A'.repeat(43), code: 'abcdef' }, { token: 'A'.repeat(43), extra: 1 }]) {
      const answer = await mailing.app.inject({ method: 'POST', url: '/api/auth/email-sign-in/use', payload, remoteAddress: newClient() });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const payload of [{}, { email: 'not an email' }, { email: 'a@example.test', extra: true }]) {
      const answer = await mailing.app.inject({ method: 'POST', url: '/api/auth/email-sign-in', payload, remoteAddress: newClient() });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('sends at most 3 links an hour to one address and 10 from one client, the same for an unknown address', async () => {
    const account = await signUp(context.app);
    const statuses = async (email: string, client = newClient()) => {
      const answers = [];
      for (let index = 0; index < 4; index += 1) answers.push((await askForLink(email, client)).answer.statusCode);
      return answers;
    };
    expect(await statuses(account.email)).toEqual([200, 200, 200, 429]);
    expect(await statuses('nobody-at-all@example.test')).toEqual([200, 200, 200, 429]);
    const busy = newClient();
    const fromOne = [];
    for (let index = 0; index < 11; index += 1) {
      fromOne.push((await askForLink(`someone${index}@example.test`, busy)).answer.statusCode);
    }
    expect(fromOne.at(-1)).toBe(429);
    expect(fromOne.filter((status) => status === 429)).toHaveLength(1);
  });
});
