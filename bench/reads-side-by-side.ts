/**
 * The spec's reads side by side, on a family of 200 posts (two comments and a like each), 50 events and
 * 150 chat messages: `GET /api/families/:id/posts` (20 posts with authors, likes and comments), `GET /api/families`,
 * `GET /api/families/:id/members`, `…/events`, `…/messages` (the newest 100), a device's pull of the family from
 * the start (`POST /api/sync/pull`, about 1,000 changes in one page) and with nothing new, and another member's photo
 * as a thumbnail (`GET /api/families/:id/photos/:photoId/thumb`, the read a photo grid makes most), on Hearth as
 * people run it (its own process, the production build, a session cookie) against the bare baseline
 * (bench/support/bare-read-server.ts: Fastify + postgres.js, one query each, no session) on the same database, in the
 * same run. The load comes from wrk (Debian's; installed when missing), not from a Node process: 50 connections, 8 s a
 * round, three rounds each, alternating; medians reported with the ratio. Needs `npm run build`.
 * `--compressed`: both sides asked for `Accept-Encoding: gzip, br`, the baseline compressing as Hearth does.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDatabase } from '../e2e/support/database.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { freePort } from '../sync-server/testing/free-port.ts';
import { phonePhoto } from '../sync-server/testing/test-photos.ts';
import { syncProtocolVersion, type FamilyCursor } from '../schema/index.ts';
import { benchApi, familyWithFeed } from './support/api-setup.ts';
import { median } from './support/figures.ts';

const posts = 200;
const rounds = 3;
const seconds = 8;
const connections = 50;
const compressed = process.argv.includes('--compressed');

function ensureWrk(): void {
  if (existsSync('/usr/bin/wrk')) return;
  execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'ignore' });
}

type Round = { perSecond: number; p50: number; p99: number; errors: number };

/** A wrk script that POSTs `body` as JSON on every request. */
function postScript(body: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'hearth-wrk-')), 'post.lua');
  writeFileSync(
    file,
    `wrk.method = "POST"\nwrk.body = [==[${JSON.stringify(body)}]==]\nwrk.headers["Content-Type"] = "application/json"\n`,
  );
  return file;
}

type Target = { url: string; headers?: string[]; script?: string };

/** One wrk run: requests per second and latency percentiles (ms) from its --latency report. */
function wrk({ url, headers = [], script }: Target): Round {
  if (compressed) headers = [...headers, 'Accept-Encoding: gzip, br'];
  const output = execFileSync(
    'wrk',
    [
      '-t2',
      `-c${connections}`,
      `-d${seconds}s`,
      // wrk counts an answer slower than its 2 s default as a socket error and leaves it out of the latencies.
      '--timeout',
      '30s',
      '--latency',
      ...headers.flatMap((header) => ['-H', header]),
      ...(script ? ['-s', script] : []),
      url,
    ],
    { encoding: 'utf8' },
  );
  const milliseconds = (label: string) => {
    const match = new RegExp(`^\\s+${label}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(output);
    if (!match) throw new Error(`no ${label}% in:\n${output}`);
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  return {
    perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    p50: milliseconds('50'),
    p99: milliseconds('99'),
    errors: errors ? Number(errors[1]) : 0,
  };
}

/** The epoch and cursor of a device holding all of the family. */
function upToDate(databaseUrl: string, familyId: string) {
  return withDatabase(async (sql) => {
    const [{ epoch }] = await sql<[{ epoch: string }]>`select epoch from sync_history`;
    const [{ version }] = await sql<[{ version: string }]>`select version from families where id = ${familyId}`;
    return { epoch, cursors: [{ familyId, version: Number(version), resume: null }] };
  }, databaseUrl);
}

/** A photo another member uploads and shares in the family, its thumbnail made: answers its id. */
async function anotherMembersPhoto(api: ReturnType<typeof benchApi>, owner: { cookie: string }, familyId: string) {
  const photographer = await api.signUp('photographer');
  await api.join(owner, photographer, familyId);
  const photoId = randomUUID();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await phonePhoto())], { type: 'image/jpeg' }), 'photo.jpg');
  const upload = await fetch(`${hearth.url}/api/families/${familyId}/photos/${photoId}/file`, {
    method: 'POST',
    headers: { cookie: photographer.cookie },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`Upload failed: ${upload.status} ${await upload.text()}`);
  await api.device(photographer).push([
    { name: 'photo.create', args: { photoId, familyId, albumId: null, title: null, description: null } },
  ]);
  const thumb = await fetch(`${hearth.url}/api/families/${familyId}/photos/${photoId}/thumb`, {
    headers: { cookie: owner.cookie },
  });
  if (thumb.status !== 200) throw new Error(`Thumbnail: ${thumb.status}`);
  return photoId;
}

/**
 * Connections to PostgreSQL on each side: Hearth's default (`DATABASE_POOL_MAX`), where the servers the tests start
 * take 5 so that many test databases fit in PostgreSQL's connections.
 */
const databaseConnections = '10';

ensureWrk();
const hearth = await startHearth({ LOG_LEVEL: 'silent', DATABASE_POOL_MAX: databaseConnections });
const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/support/bare-read-server.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: hearth.databaseUrl,
    DATA_DIR: hearth.dataDir,
    PORT: String(barePort),
    POOL_MAX: databaseConnections,
    COMPRESS: compressed ? '1' : '0',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  await new Promise<void>((resolve) =>
    bare.stdout?.on('data', (chunk: Buffer) => chunk.includes('ready') && resolve()),
  );
  const api = benchApi(hearth.url);
  const account = await api.signUp('feed');
  const familyId = await familyWithFeed(api, account, posts, {
    events: 50,
    messages: 150,
    databaseUrl: hearth.databaseUrl,
  });

  const photoId = await anotherMembersPhoto(api, account, familyId);

  const cookie = [`cookie: ${account.cookie}`];
  /** A pull by a device of its own, from where `device` says it is. */
  const hearthPull = (device: { epoch: string | null; cursors: FamilyCursor[] }): Target => ({
    url: `${hearth.url}/api/sync/pull`,
    headers: cookie,
    script: postScript({
      protocolVersion: syncProtocolVersion,
      deviceId: randomUUID(),
      userId: account.userId,
      acknowledgedSeq: 0,
      ...device,
    }),
  });
  const routes: { name: string; hearth: Target; bare: Target }[] = [
    {
      name: 'GET /api/families/:id/posts (20 posts)',
      hearth: { url: `${hearth.url}/api/families/${familyId}/posts`, headers: cookie },
      bare: { url: `http://127.0.0.1:${barePort}/feed/${familyId}` },
    },
    {
      name: 'GET /api/families',
      hearth: { url: `${hearth.url}/api/families`, headers: cookie },
      bare: { url: `http://127.0.0.1:${barePort}/families/${account.userId}` },
    },
    {
      name: 'GET /api/families/:id/members',
      hearth: { url: `${hearth.url}/api/families/${familyId}/members`, headers: cookie },
      bare: { url: `http://127.0.0.1:${barePort}/members/${familyId}` },
    },
    {
      name: 'GET /api/families/:id/events (50)',
      hearth: { url: `${hearth.url}/api/families/${familyId}/events`, headers: cookie },
      bare: { url: `http://127.0.0.1:${barePort}/events/${familyId}` },
    },
    {
      name: 'GET /api/families/:id/messages (newest 100)',
      hearth: { url: `${hearth.url}/api/families/${familyId}/messages`, headers: cookie },
      bare: { url: `http://127.0.0.1:${barePort}/messages/${familyId}` },
    },
    {
      name: 'POST /api/sync/pull from the start',
      hearth: hearthPull({ epoch: null, cursors: [] }),
      bare: { url: `http://127.0.0.1:${barePort}/pull/${familyId}/${account.userId}`, script: postScript({}) },
    },
    {
      // What most pulls are: a poke, or the engine's check now and then, from a device that has everything.
      name: 'POST /api/sync/pull, nothing new',
      hearth: hearthPull(await upToDate(hearth.databaseUrl, familyId)),
      bare: { url: `http://127.0.0.1:${barePort}/version/${familyId}` },
    },
    {
      name: 'GET /api/families/:id/photos/:photoId/thumb',
      hearth: { url: `${hearth.url}/api/families/${familyId}/photos/${photoId}/thumb`, headers: cookie },
      bare: { url: `http://127.0.0.1:${barePort}/thumb/${familyId}/${photoId}` },
    },
  ];
  console.log(
    `The spec's reads, ${connections} connections, median of ${rounds} x ${seconds} s, beside a bare server` +
      `${compressed ? ', both compressing' : ''}`,
  );
  // `node --import tsx bench/reads-side-by-side.ts pull` measures only the routes whose name holds "pull".
  const only = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
  for (const route of routes.filter(({ name }) => !only || name.includes(only))) {
    // Warm both up (JIT, connection pools, PostgreSQL's caches).
    wrk(route.hearth);
    wrk(route.bare);
    const results = { hearth: [] as Round[], bare: [] as Round[] };
    for (let round = 0; round < rounds; round += 1) {
      results.hearth.push(wrk(route.hearth));
      results.bare.push(wrk(route.bare));
    }
    if (results.hearth.some((round) => round.errors > 0)) throw new Error(`${route.name} answered errors under load`);
    const summary = (side: Round[]) => ({
      perSecond: median(side.map((round) => round.perSecond)),
      p99: median(side.map((round) => round.p99)),
    });
    const [ours, floor] = [summary(results.hearth), summary(results.bare)];
    console.log(
      `  ${route.name}: Hearth ${ours.perSecond.toFixed(0)}/s p99 ${ours.p99.toFixed(1)} ms; baseline ${floor.perSecond.toFixed(0)}/s p99 ${floor.p99.toFixed(1)} ms; ratio ${(ours.perSecond / floor.perSecond).toFixed(2)} (goal ≥ 0.8), p99 ${(ours.p99 / floor.p99).toFixed(2)}× (goal ≤ 2)`,
    );
  }
} finally {
  bare.kill();
  await hearth.stop();
}
