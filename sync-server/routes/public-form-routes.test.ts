import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { limits, messages } from '../../schema/index.ts';
import { useTestApp } from '../testing/test-app.ts';

const context = useTestApp();

function unique(): string {
  return randomBytes(4).toString('hex');
}

async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return context.app.inject({ method: 'POST', url, payload, headers });
}

async function count(table: string, where: { email: string }): Promise<number> {
  const [row] = await context.sql<{ count: number }[]>`
    select count(*)::int as count from ${context.sql(table)} where email = ${where.email}
  `;
  return row?.count ?? 0;
}

async function total(table: string): Promise<number> {
  const [row] = await context.sql<{ count: number }[]>`select count(*)::int as count from ${context.sql(table)}`;
  return row?.count ?? 0;
}

const contact = (email: string) => ({
  fullName: 'Rosa Smith',
  email,
  messageType: 'feedback',
  subject: 'Lovely app',
  message: 'My grandchildren post every day.',
});

describe.each([
  ['/api/public/early-access', 'early_access_signups'],
  ['/api/public/newsletter', 'newsletter_subscriptions'],
])('%s', (url, table) => {
  it('stores the address once, normalised, and answers 201 to a repeat without telling', async () => {
    const email = `rosa.${unique()}@example.test`;
    const first = await post(url, { email: `  ${email.toUpperCase()} ` });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({});
    const again = await post(url, { email });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({});
    expect(await count(table, { email })).toBe(1);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
  ])('refuses %j with a 400 naming the field and stores nothing', async (payload, message) => {
    const before = await total(table);
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, field: 'email' });
    expect(await total(table)).toBe(before);
  });
});

describe('/api/public/suggestions', () => {
  it('stores a suggestion without an address, blank fields as null', async () => {
    const suggestion = `A shared recipe book ${unique()}`;
    const response = await post('/api/public/suggestions', { suggestion: `  ${suggestion} `, email: '', name: ' ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({});
    const rows = await context.sql`select email, name from suggestions where suggestion = ${suggestion}`;
    expect(rows).toEqual([{ email: null, name: null }]);
  });

  it('stores a suggestion with an address and a name, the address normalised', async () => {
    const suggestion = `Birthday reminders ${unique()}`;
    const response = await post('/api/public/suggestions', {
      suggestion,
      email: 'Grandpa@Example.TEST',
      name: 'Grandpa Joe',
    });
    expect(response.statusCode).toBe(201);
    const rows = await context.sql`select email, name from suggestions where suggestion = ${suggestion}`;
    expect(rows).toEqual([{ email: 'grandpa@example.test', name: 'Grandpa Joe' }]);
  });

  it.each([
    [{}, 'suggestion', 'Please write your suggestion'],
    [{ suggestion: '   ' }, 'suggestion', 'Please write your suggestion'],
    [{ suggestion: 'x'.repeat(limits.suggestionMax + 1) }, 'suggestion', messages.tooLong(limits.suggestionMax)],
    [{ suggestion: 'Photo books', email: 'nope' }, 'email', 'Please enter a valid email address'],
  ])('refuses %o with a 400 naming the field and stores nothing', async (payload, field, message) => {
    const before = await total('suggestions');
    const response = await post('/api/public/suggestions', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, field });
    expect(await total('suggestions')).toBe(before);
  });
});

describe('/api/contact', () => {
  it('stores the message with the address normalised', async () => {
    const email = `rosa.${unique()}@example.test`;
    const response = await post('/api/contact', contact(email.toUpperCase()));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({});
    const rows = await context.sql`
      select full_name, message_type, subject, message from contact_messages where email = ${email}
    `;
    expect(rows).toEqual([
      {
        full_name: 'Rosa Smith',
        message_type: 'feedback',
        subject: 'Lovely app',
        message: 'My grandchildren post every day.',
      },
    ]);
  });

  it('refuses an empty form with every field message and stores nothing', async () => {
    const before = await total('contact_messages');
    const response = await post('/api/contact', {});
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ error: 'Full name is required', field: 'fullName' });
    expect(body.issues.map((issue: { field: string }) => issue.field)).toEqual([
      'fullName',
      'email',
      'messageType',
      'subject',
      'message',
    ]);
    expect(await total('contact_messages')).toBe(before);
  });

  it('refuses an invalid address', async () => {
    const response = await post('/api/contact', contact('rosa@'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Please enter a valid email address', field: 'email' });
  });

  it('needs no session but refuses a post from another site', async () => {
    const response = await post('/api/contact', contact(`x.${unique()}@example.test`), {
      'sec-fetch-site': 'cross-site',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the rate limit', () => {
  it('counts all four forms per address, answers 429 with Retry-After, stores nothing refused, and recovers', async () => {
    const app = await context.buildApp({ publicFormRateLimitPerIp: 3 });
    const remoteAddress = '203.0.113.50';
    const send = (url: string, payload: object, from = remoteAddress) =>
      app.inject({ method: 'POST', url, payload, remoteAddress: from });
    const email = `burst.${unique()}@example.test`;

    expect((await send('/api/public/early-access', { email })).statusCode).toBe(201);
    expect((await send('/api/public/suggestions', { suggestion: 'More colours', email })).statusCode).toBe(201);
    expect((await send('/api/contact', contact(email))).statusCode).toBe(201);

    const limited = await send('/api/public/newsletter', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: "You've sent several forms in a short time. Please wait a few minutes and try again.",
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await count('newsletter_subscriptions', { email })).toBe(0);

    expect((await send('/api/public/newsletter', { email }, '203.0.113.51')).statusCode).toBe(201);

    context.clock.advance(retryAfter * 1000);
    expect((await send('/api/public/newsletter', { email })).statusCode).toBe(201);
    expect(await count('newsletter_subscriptions', { email })).toBe(1);
  });
});

describe('the public form tables', () => {
  it('refuse what the forms would refuse', async () => {
    const { sql } = context;
    await expect(sql`insert into early_access_signups (email) values ('Upper@Example.test')`).rejects.toThrow(/check/);
    await expect(sql`insert into newsletter_subscriptions (email) values ('')`).rejects.toThrow(/check/);
    await expect(sql`insert into suggestions (suggestion) values (${' \n '})`).rejects.toThrow(/check/);
    await expect(sql`insert into suggestions (suggestion) values (${'x'.repeat(2001)})`).rejects.toThrow(/check/);
    await expect(sql`insert into suggestions (suggestion, name) values ('Ok', '')`).rejects.toThrow(/check/);
  });
});

describe('/api/public/contact-addresses', () => {
  it('lists the addresses this server set, and null for the others', async () => {
    expect((await context.app.inject({ url: '/api/public/contact-addresses' })).json()).toEqual({
      privacy: null,
      support: null,
      general: null,
    });
    const privacy = 'privacy@millers.example';
    const configured = await context.buildApp({ contactAddresses: { privacy, support: null, general: null } });
    const answer = await configured.inject({ url: '/api/public/contact-addresses' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ privacy, support: null, general: null });
  });
});
