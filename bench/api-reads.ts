/**
 * API reads under load (architecture.md: p99 ≤ 10 ms at 50 concurrent connections on loopback): the spec's family
 * reads, `GET /api/families`, `/api/families/:id/members` and `/api/families/:id/posts` (a page of 20 posts with
 * their authors, likes and comments), each asked by 50 connections at once for a few seconds. The server runs as a
 * person runs it (its own process, the production build); a fresh database each run, on the PostgreSQL named by
 * DATABASE_URL when set, else the embedded PGlite. Needs `npm run build`.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { pushBatchMax, syncProtocolVersion, type PushedMutation } from '../schema/index.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';

/** The budget's 50, and a few (a family's evening): on 2 shared cores the first measures queueing as much as work. */
const concurrencies = [50, 5];
const connections = Math.max(...concurrencies);
const secondsPerRoute = 5;
const posts = 200;

const hearth = await startHearth();
const agent = new Agent({ keepAlive: true, maxSockets: connections });

function send(method: 'GET' | 'POST', path: string, cookie?: string, body?: unknown) {
  return new Promise<{ status: number; text: string; setCookie: string | undefined }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = request(`${hearth.url}${path}`, {
      method,
      agent,
      headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text, setCookie: response.headers['set-cookie']?.[0] }),
      );
    });
    outgoing.end(payload);
  });
}

async function signUp() {
  const name = `reads${randomUUID().slice(0, 8)}`;
  const answer = await send('POST', '/api/auth/signup', undefined, {
    username: name,
    email: `${name}@example.test`,
    password: 'bench-password-1',
    confirmPassword: 'bench-password-1',
  });
  if (answer.status !== 201) throw new Error(`Signup failed: ${answer.status} ${answer.text}`);
  return answer.setCookie?.split(';')[0] ?? '';
}

try {
  const cookie = await signUp();
  const familyId = randomUUID();
  const mutations: Omit<PushedMutation, 'seq'>[] = [
    { name: 'family.create', args: { familyId, memberId: randomUUID(), name: 'The Benchmarks' } },
  ];
  for (let index = 0; index < posts; index += 1) {
    const postId = randomUUID();
    mutations.push(
      { name: 'post.create', args: { postId, familyId, content: `Post ${index}: news from home` } },
      { name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'Lovely!' } },
      { name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'See you Sunday' } },
      { name: 'reaction.set', args: { postId, reactionType: 'like', reacted: true } },
    );
  }
  const deviceId = randomUUID();
  let seq = 0;
  for (let start = 0; start < mutations.length; start += pushBatchMax) {
    const batch = mutations.slice(start, start + pushBatchMax).map((mutation) => ({ ...mutation, seq: ++seq }));
    const body = { protocolVersion: syncProtocolVersion, deviceId, mutations: batch };
    const answer = await send('POST', '/api/sync/push', cookie, body);
    if (answer.status !== 200) throw new Error(`Push failed: ${answer.status} ${answer.text}`);
  }

  const routes = [
    { name: 'GET /api/families', path: '/api/families' },
    { name: 'GET /api/families/:id/members', path: `/api/families/${familyId}/members` },
    { name: 'GET /api/families/:id/posts (20 posts)', path: `/api/families/${familyId}/posts` },
  ];
  for (const concurrency of concurrencies) {
    console.log(`API reads, ${concurrency} concurrent connections, ${secondsPerRoute} s per route, loopback`);
    for (const route of routes) {
      // Warm up the connections and the server's code paths first.
      await Promise.all(Array.from({ length: concurrency }, () => send('GET', route.path, cookie)));
      const latencies: number[] = [];
      const until = performance.now() + secondsPerRoute * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < until) {
            const started = performance.now();
            const answer = await send('GET', route.path, cookie);
            if (answer.status !== 200) throw new Error(`${route.name} answered ${answer.status}`);
            latencies.push(performance.now() - started);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const at = (share: number) =>
        (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0).toFixed(1);
      const perSecond = Math.round(latencies.length / secondsPerRoute);
      console.log(`  ${route.name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, ${perSecond} requests/s`);
    }
  }
} finally {
  agent.destroy();
  await hearth.stop();
}
