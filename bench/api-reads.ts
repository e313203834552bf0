/**
 * API reads under load (architecture.md: p99 ≤ 10 ms at 50 concurrent connections on loopback): the spec's family
 * reads, `GET /api/families`, `/api/families/:id/members` and `/api/families/:id/posts` (a page of 20 posts with
 * their authors, likes and comments), each asked by 50 connections at once for a few seconds. The server runs as a
 * person runs it (its own process, the production build); a fresh database each run, on the PostgreSQL named by
 * DATABASE_URL when set, else the embedded PGlite. Needs `npm run build`.
 */
import { Agent, request } from 'node:http';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { benchApi, familyWithFeed } from './support/api-setup.ts';

/** The budget's 50, and a few (a family's evening): on 2 shared cores the first measures queueing as much as work. */
const concurrencies = [50, 5];
const connections = Math.max(...concurrencies);
const secondsPerRoute = 5;
const posts = 200;

const hearth = await startHearth();
const agent = new Agent({ keepAlive: true, maxSockets: connections });

/** A GET on the benchmark's own keep-alive connections. */
function get(path: string, cookie: string) {
  return new Promise<{ status: number }>((resolve, reject) => {
    const outgoing = request(`${hearth.url}${path}`, { agent, headers: { cookie } });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
    });
    outgoing.end();
  });
}

try {
  const api = benchApi(hearth.url);
  const account = await api.signUp('reads');
  const familyId = await familyWithFeed(api, account, posts);

  const routes = [
    { name: 'GET /api/families', path: '/api/families' },
    { name: 'GET /api/families/:id/members', path: `/api/families/${familyId}/members` },
    { name: 'GET /api/families/:id/posts (20 posts)', path: `/api/families/${familyId}/posts` },
  ];
  for (const concurrency of concurrencies) {
    console.log(`API reads, ${concurrency} concurrent connections, ${secondsPerRoute} s per route, loopback`);
    for (const route of routes) {
      // Warm up the connections and the server's code paths first.
      await Promise.all(Array.from({ length: concurrency }, () => get(route.path, account.cookie)));
      const latencies: number[] = [];
      const until = performance.now() + secondsPerRoute * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < until) {
            const started = performance.now();
            const answer = await get(route.path, account.cookie);
            if (answer.status !== 200) throw new Error(`${route.name} answered ${answer.status}`);
            latencies.push(performance.now() - started);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const at = (share: number) =>
        (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0).toFixed(1);
      const perSecond = Math.round(latencies.length / secondsPerRoute);
      console.log(
        `  ${route.name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, ${perSecond} requests/s`,
      );
    }
  }
} finally {
  agent.destroy();
  await hearth.stop();
}
