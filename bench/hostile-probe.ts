/**
 * A hostile probe: thousands of malformed requests at every route that takes input, signed in as a member
 * of a real family, and a count of the answers that were server errors (which must be none: bad input is a 4xx).
 * Bodies are built from a seeded mix of NUL and control characters, huge and negative numbers, dates PostgreSQL
 * cannot store, wrong types, unknown fields, very long strings, deep nesting and bad ids, spliced into otherwise
 * valid requests. On the PostgreSQL named by DATABASE_URL, else the embedded PGlite.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { syncProtocolVersion } from '../schema/index.ts';
import { startBenchApp } from './support/bench-app.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '3000' } } });
const total = Number(values.requests);

let state = 20261124;
const random = () => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** A hostile value as a query string carries it (a lone surrogate cannot be percent-encoded: it goes as is). */
const inQuery = (value: unknown) => {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return String(value);
  }
};

/** Values no field should ever take without a clear 4xx. */
const hostileValues: unknown[] = [
  'a\u0000b',
  '\u0000',
  '\u001b[31mred',
  'x'.repeat(100_000),
  '',
  '   ',
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  0.5,
  true,
  null,
  [],
  {},
  { $gt: '' },
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '9999-99-99',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ABCDEF00-0000-4000-8000-000000000000',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '\ud800',
  '🙂'.repeat(3000),
  JSON.parse('{"__proto__": {"polluted": true}}'),
  Array.from({ length: 2000 }, () => 1),
];

const server = await startBenchApp({
  env: { AUTH_RATE_LIMIT_PER_IP: '1000000', PUBLIC_FORM_RATE_LIMIT_PER_IP: '1000000' },
});
const { app } = server;

try {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      username: 'prober',
      email: 'prober@example.test',
      password: 'probe-password',
      confirmPassword: 'probe-password',
    },
  });
  const cookie = signup.headers['set-cookie']!.toString().split(';')[0]!;
  const userId = signup.json<{ user: { id: string } }>().user.id;
  const family = await app.inject({
    method: 'POST',
    url: '/api/families',
    headers: { cookie },
    payload: { name: 'Probed' },
  });
  const familyId = family.json<{ id: string }>().id;
  const post = await app.inject({
    method: 'POST',
    url: `/api/families/${familyId}/posts`,
    headers: { cookie },
    payload: { content: 'A post to aim at' },
  });
  const postId = post.json<{ id: string }>().id;
  const deviceId = randomUUID();
  let seq = 0;

  /** Valid requests, each field of which the probe replaces with something hostile. */
  /** `anonymous`: sent without the session (signing up or in would end the probe's session). */
  const targets: {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    url: () => string;
    body?: () => Record<string, unknown>;
    anonymous?: true;
  }[] = [
    {
      method: 'POST',
      anonymous: true,
      url: () => '/api/auth/signup',
      body: () => ({
        username: 'u' + seq,
        email: `p${seq}@example.test`,
        password: 'longenough',
        confirmPassword: 'longenough',
      }),
    },
    {
      method: 'POST',
      anonymous: true,
      url: () => '/api/auth/login',
      body: () => ({ email: 'prober@example.test', password: 'wrong-password' }),
    },
    {
      method: 'PATCH',
      url: () => '/api/auth/user',
      body: () => ({ firstName: 'Rose', lastName: 'Probe', username: 'prober' }),
    },
    {
      method: 'POST',
      url: () => '/api/auth/password',
      body: () => ({ currentPassword: 'x', newPassword: 'longenough', confirmPassword: 'longenough' }),
    },
    { method: 'PATCH', url: () => '/api/settings', body: () => ({ textSize: 'large' }) },
    { method: 'POST', url: () => '/api/families', body: () => ({ name: 'Family', description: 'd' }) },
    { method: 'PATCH', url: () => `/api/families/${familyId}`, body: () => ({ name: 'Renamed' }) },
    {
      method: 'GET',
      url: () =>
        `/api/families/${familyId}/posts?limit=${inQuery(pick(hostileValues))}&before=${inQuery(pick(hostileValues))}`,
    },
    { method: 'POST', url: () => `/api/families/${familyId}/posts`, body: () => ({ content: 'Hello' }) },
    { method: 'POST', url: () => `/api/posts/${postId}/react`, body: () => ({ reactionType: 'like' }) },
    { method: 'POST', url: () => `/api/families/${familyId}/invitations`, body: () => ({}) },
    { method: 'POST', url: () => '/api/invitations/lookup', body: () => ({ token: 'x'.repeat(43) }) },
    {
      method: 'POST',
      url: () => '/api/invitations/accept',
      body: () => ({ token: 'x'.repeat(43), relationshipType: 'other' }),
    },
    { method: 'POST', url: () => '/api/public/early-access', body: () => ({ email: 'a@example.test' }) },
    { method: 'POST', url: () => '/api/public/suggestions', body: () => ({ suggestion: 'More' }) },
    {
      method: 'POST',
      url: () => '/api/contact',
      body: () => ({ fullName: 'A', email: 'a@example.test', messageType: 'general', subject: 'S', message: 'M' }),
    },
    {
      method: 'POST',
      url: () => '/api/sync/push',
      body: () => ({
        protocolVersion: syncProtocolVersion,
        deviceId,
        userId,
        epoch: null,
        acknowledgedSeq: 0,
        sentAt: new Date().toISOString(),
        mutations: [
          {
            seq: ++seq,
            name: pick(['post.create', 'comment.create', 'family.rename', 'post.create\u0000', 'x'.repeat(300)]),
            args: { postId: randomUUID(), familyId, commentId: randomUUID(), content: 'c', name: 'n' },
            writtenAt: new Date().toISOString(),
          },
        ],
      }),
    },
    {
      method: 'POST',
      url: () => '/api/sync/pull',
      body: () => ({
        protocolVersion: syncProtocolVersion,
        deviceId,
        userId,
        epoch: null,
        acknowledgedSeq: 0,
        cursors: [{ familyId, version: 0, resume: null }],
      }),
    },
  ];

  /** Replaces one field, somewhere in the body (a mutation's arguments too), with a hostile value. */
  function spoil(body: Record<string, unknown>): unknown {
    const roll = random();
    if (roll < 0.05) return pick(hostileValues);
    if (roll < 0.1) return { ...body, [pick(['extra', '__proto__', 'constructor', '\u0000'])]: pick(hostileValues) };
    const mutations = body.mutations as { args: Record<string, unknown> }[] | undefined;
    if (mutations && roll < 0.6) {
      const args = mutations[0]!.args;
      args[pick(Object.keys(args))] = pick(hostileValues);
      if (random() < 0.3)
        (mutations[0] as Record<string, unknown>)[pick(['seq', 'writtenAt', 'name'])] = pick(hostileValues);
      return body;
    }
    const keys = Object.keys(body);
    if (keys.length === 0) return { anything: pick(hostileValues) };
    return { ...body, [pick(keys)]: pick(hostileValues) };
  }

  const byStatus = new Map<number, number>();
  const serverErrors: string[] = [];
  for (let index = 0; index < total; index += 1) {
    const target = pick(targets);
    const url = target.url();
    const payload = target.body ? spoil(target.body()) : undefined;
    const response = await app.inject({
      method: target.method,
      url,
      headers: { ...(target.anonymous ? {} : { cookie }), 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode >= 500 && serverErrors.length < 10) {
      serverErrors.push(
        `${target.method} ${url.slice(0, 80)} ${JSON.stringify(payload)?.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
      );
    }
  }
  const errors = [...byStatus].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  console.log(`${total} hostile requests at ${targets.length} routes: ${errors} server errors (answers >= 500)`);
  console.log(
    `  answers: ${[...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} x${count}`)
      .join(', ')}`,
  );
  for (const line of serverErrors) console.log(`  ${line}`);
  process.exitCode = errors === 0 ? 0 : 1;
} finally {
  await server.close();
}
