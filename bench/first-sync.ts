/**
 * First sync (deliverable 3), in the system Chromium against the real server (the production build in
 * dist/, on a fresh database: the PostgreSQL named by DATABASE_URL when set, else the embedded PGlite).
 *
 * The family, made and joined through the API, then written by its two members through the server's own mutators
 * (bench/support/write-through-mutators.ts: a push's rows, versions and notifications, many writes to a transaction,
 * where the push API managed 8–10 writes a second under load): 2,000 posts (half each), a comment and a like on every
 * post by the other member, 500 photos, 200 events with the other member's RSVP on each, and 5,000 chat messages.
 * The photos' upload records (`photo_files`, what the upload route stores besides the bytes) are inserted into
 * PostgreSQL directly, since uploading 500 images would take minutes; `photo.create` then runs like every other write.
 *
 * What a first pull sends is counted through the pull API first (a made-up device pulling from nothing): every row
 * of every table, but only the newest `limits.messageWindow` chat messages (decision 0021: a device never pulls a
 * family's whole chat), plus the users the rows name.
 *
 * Hearth: a fresh browser context (empty IndexedDB, no service worker), signed in as the first member, opens `/`.
 * Measured from navigation start until every table of the device holds all its rows (IndexedDB polled every 20 ms
 * with the raw API), and until the feed shows its first post. Thumbnail requests are refused (aborted) in these
 * contexts: the device keeps thumbnails offline (pwa/sync/photo-keeper.ts), but the photos have no bytes here, the
 * bench compares rows, and an aborted fetch reads as offline to the keeper, which ends its pass at once (each later
 * pass, on the next page of photos, tries one or two) rather than asking for 500 missing images during the pull.
 *
 * Baseline, same browser, same run, alternating with Hearth (5 rounds each, after an untimed warm-up): the very rows
 * the Hearth device held after the warm-up, read back out of its IndexedDB table by table (the synced tables and users,
 * not the engine's own bookkeeping), written with Dexie `bulkPut` into an empty database of another name with Hearth's
 * device schema (the `HearthDb` class bundled with esbuild, so every store and index is Hearth's own). The bare page is
 * served on Hearth's origin (Playwright `route`) and fetches the rows as one JSON document from a minimal Node server
 * on loopback (no compression). Two figures from each bare round: (a) the bulkPut of every table in one transaction
 * alone, the rows already parsed; (b) from navigation start of the bare page until that transaction has committed: the
 * floor a page pays to load and store the same data. Hearth's figure includes up to 20 ms of polling; the bare page's
 * is taken when its transaction completes.
 *
 * Goal: Hearth's time to all rows ≤ 1.5× the bare write. Needs `npm run build`. Prints figures; fails only
 * when it cannot measure.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { withDatabase } from '../e2e/support/database.ts';
import { startHearth, type RunningHearth } from '../e2e/support/hearth-server.ts';
import { limits } from '../schema/limits.ts';
import { benchApi, type QueuedMutation } from './support/api-setup.ts';
import { loadAverage, median, milliseconds } from './support/figures.ts';
import {
  deviceRowsReachedMs,
  firstMatchMs,
  postCard,
  pullRequestsMs,
  signIn,
  waitTimeoutMs,
  watchFirstMatch,
} from './support/page-timing.ts';
import { writeThroughMutators } from './support/write-through-mutators.ts';

const familyPosts = 2000;
const familyPhotos = 500;
const familyEvents = 200;
const familyMessages = 5000;
const rounds = 5;
const bareDatabaseName = 'bare-first-sync';
const barePath = '/bench-bare-first-sync';

type Account = Awaited<ReturnType<ReturnType<typeof benchApi>['signUp']>>;
type Rows = Record<string, unknown[]>;

// ---------------------------------------------------------------------------------------------------------------
// The family

/** Each member's writes, in the order their devices make them; `other` answers what `one` writes. */
function writesOf(familyId: string, photoIds: { one: string[]; other: string[] }) {
  const posts = { one: [] as QueuedMutation[], other: [] as QueuedMutation[] };
  const answers = { one: [] as QueuedMutation[], other: [] as QueuedMutation[] };
  const events = { one: [] as QueuedMutation[], other: [] as QueuedMutation[] };
  const sides = ['one', 'other'] as const;
  for (let index = 0; index < familyPosts; index += 1) {
    const postId = randomUUID();
    const author = sides[index % 2]!;
    const answerer = sides[(index + 1) % 2]!;
    posts[author].push({ name: 'post.create', args: { postId, familyId, content: `Post ${index}: news from home` } });
    answers[answerer].push(
      { name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'Lovely to hear!' } },
      { name: 'reaction.set', args: { postId, reactionType: 'like', reacted: true } },
    );
  }
  const day = 24 * 60 * 60 * 1000;
  for (let index = 0; index < familyEvents; index += 1) {
    const eventId = randomUUID();
    const startDate = new Date(Date.now() + (index + 1) * day).toISOString();
    events[sides[index % 2]!].push({
      name: 'event.create',
      args: {
        eventId,
        familyId,
        title: `Gathering ${index}`,
        description: null,
        location: 'At home',
        startDate,
        endDate: null,
        timeZone: 'Europe/London',
        allDay: false,
      },
    });
    answers[sides[(index + 1) % 2]!].push({ name: 'event.rsvp', args: { eventId, status: 'attending' } });
  }
  for (const side of sides) {
    for (const photoId of photoIds[side]) {
      answers[side].push({
        name: 'photo.create',
        args: { photoId, familyId, albumId: null, title: 'At the seaside', description: null },
      });
    }
  }
  for (let index = 0; index < familyMessages; index += 1) {
    const args = { messageId: randomUUID(), familyId, messageType: 'text', content: `Message ${index}, see you soon` };
    answers[sides[index % 2]!].push({ name: 'message.send', args });
  }
  return { posts, events, answers };
}

/** The upload records of photos whose files are "up" (no bytes on disk: nothing here fetches them). */
async function recordUploads(databaseUrl: string, familyId: string, uploader: Account, count: number) {
  const photoIds = Array.from({ length: count }, () => randomUUID());
  await withDatabase(async (sql) => {
    await sql`
      insert into photo_files (photo_id, family_id, uploaded_by_id, sha256, byte_size, content_type, width, height)
      select id, ${familyId}, ${uploader.userId}, md5(id::text) || md5(id::text), 120000, 'image/jpeg', 1600, 1200
      from unnest(${photoIds}::uuid[]) as id
    `;
  }, databaseUrl);
  return photoIds;
}

/**
 * Two members' family as the first-sync goal describes it (docs/benchmarks.md); answers the first member's account (the
 * device's person).
 */
async function setUpFamily(url: string, databaseUrl: string) {
  const api = benchApi(url);
  const grandma = await api.signUp('grandma');
  const son = await api.signUp('son');
  const grandmaDevice = api.device(grandma);
  const familyId = randomUUID();
  await grandmaDevice.push([
    { name: 'family.create', args: { familyId, memberId: randomUUID(), name: 'The First Sync family' } },
  ]);
  await api.join(grandma, son, familyId);
  const photoIds = {
    one: await recordUploads(databaseUrl, familyId, grandma, familyPhotos / 2),
    other: await recordUploads(databaseUrl, familyId, son, familyPhotos / 2),
  };
  const { posts, events, answers } = writesOf(familyId, photoIds);
  // Posts and events before the comments, likes and RSVPs that name them.
  await writeThroughMutators(databaseUrl, grandma.userId, [...posts.one, ...events.one]);
  await writeThroughMutators(databaseUrl, son.userId, [...posts.other, ...events.other]);
  await writeThroughMutators(databaseUrl, grandma.userId, answers.one);
  await writeThroughMutators(databaseUrl, son.userId, answers.other);
  const sent = await api.device(grandma).pullFromStart();
  const expected = Object.fromEntries([...sent].map(([table, ids]) => [table, ids.size]));
  return { grandma, expected };
}

// ---------------------------------------------------------------------------------------------------------------
// Hearth's side

/** A fresh signed-in context of the device's person, its thumbnail requests refused (see the header). */
async function hearthContext(browser: Browser, url: string, person: Account): Promise<BrowserContext> {
  const context = await watchFirstMatch(await browser.newContext({ baseURL: url }), postCard);
  context.setDefaultTimeout(waitTimeoutMs());
  await context.route(/\/api\/photos\/[^/]+\/thumb$/, (route) => route.abort());
  await signIn(context, person);
  return context;
}

/** The rows tables of the Hearth device's database (`tables`), read with the raw IndexedDB API. */
function deviceRows(page: Page, tables: string[]): Promise<Rows> {
  return page.evaluate(async (tables) => {
    const user = JSON.parse(localStorage.getItem('hearth-signed-in-user') ?? 'null') as { id: string };
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(`hearth-${user.id}`);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const reading = database.transaction(tables);
    const rows: Record<string, unknown[]> = {};
    await Promise.all(
      tables.map(
        (table) =>
          new Promise<void>((resolve, reject) => {
            const all = reading.objectStore(table).getAll();
            all.onsuccess = () => resolve(void (rows[table] = all.result as unknown[]));
            all.onerror = () => reject(all.error);
          }),
      ),
    );
    database.close();
    return rows;
  }, tables);
}

type HearthRound = {
  allRowsMs: number;
  firstPostMs: number;
  pullsMs: number;
  /** When the answer to who is signed in came, and when the first pull left (ms from navigation start). */
  signedInKnownMs: number;
  firstPullSentMs: number;
  rows?: Rows;
};

/** From the page's resource timings: the first pull's start, and the end of the answer to who is signed in. */
function startOfSync(page: Page): Promise<{ signedInKnownMs: number; firstPullSentMs: number }> {
  // No named inner function: the page has no `__name` to run it with (see page-timing.ts).
  return page.evaluate(() => {
    const [who, pull] = ['/api/auth/user', '/api/sync/pull'].map((path) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
        (entry) => new URL(entry.name).pathname === path,
      ),
    );
    return { signedInKnownMs: who?.responseEnd ?? Number.NaN, firstPullSentMs: pull?.startTime ?? Number.NaN };
  });
}

async function hearthRound(
  browser: Browser,
  url: string,
  person: Account,
  expected: Record<string, number>,
  { keepRows = false } = {},
): Promise<HearthRound> {
  const context = await hearthContext(browser, url, person);
  try {
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'commit' });
    const allRowsMs = await deviceRowsReachedMs(page, expected);
    const firstPostMs = await firstMatchMs(page);
    const pullsMs = await pullRequestsMs(page);
    const started = await startOfSync(page);
    const rows = keepRows ? await deviceRows(page, Object.keys(expected)) : undefined;
    return { allRowsMs, firstPostMs, pullsMs, ...started, rows };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The bare side

/** Hearth's device database class and Dexie, as one script that leaves `BareDevice.HearthDb` on the window. */
async function bareDeviceScript(): Promise<string> {
  const bundled = await build({
    stdin: {
      contents: "export { HearthDb } from './pwa/db/hearth-db.ts';",
      resolveDir: fileURLToPath(new URL('../', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'BareDevice',
    minify: true,
    target: 'es2022',
    write: false,
  });
  return bundled.outputFiles[0]!.text;
}

/** The rows as one JSON document, on loopback, for a page of Hearth's origin to fetch. */
async function serveRows(rows: Rows) {
  const body = Buffer.from(JSON.stringify(rows));
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': body.length,
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rows`,
    bytes: body.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The bare page: opens an empty database with Hearth's schema while it fetches the rows, then bulkPuts every table
 * in one transaction, and leaves the two figures on the window.
 */
function barePage(script: string, rowsUrl: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Bare first sync</title>
<script>${script.replaceAll('</script', '<\\/script')}</script>
<script type="module">
  const loading = fetch(${JSON.stringify(rowsUrl)}).then((response) => response.json());
  const db = new BareDevice.HearthDb(${JSON.stringify(bareDatabaseName)});
  await db.open();
  const rows = await loading;
  const started = performance.now();
  await db.transaction('rw', Object.keys(rows), () =>
    Promise.all(Object.entries(rows).map(([table, list]) => db.table(table).bulkPut(list))),
  );
  const stored = performance.now();
  window.bareFirstSync = { bulkPutMs: stored - started, storedMs: stored };
</script>`;
}

type BareRound = { bulkPutMs: number; storedMs: number };

async function bareRound(browser: Browser, url: string, html: string): Promise<BareRound> {
  // A page Playwright fulfils has no address of its own, so Chromium needs leave for it to fetch from loopback.
  const context = await browser.newContext({ baseURL: url, permissions: ['local-network-access'] });
  context.setDefaultTimeout(waitTimeoutMs());
  await context.route(`${url}${barePath}`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  try {
    const page = await context.newPage();
    const failed = new Promise<never>((_resolve, reject) => page.once('pageerror', reject));
    failed.catch(() => {});
    await page.goto(barePath, { waitUntil: 'commit' });
    const done = page.waitForFunction(() => (window as { bareFirstSync?: BareRound }).bareFirstSync, undefined, {
      timeout: waitTimeoutMs(),
    });
    return (await (await Promise.race([done, failed])).jsonValue()) as BareRound;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * `FIRST_SYNC_OTHER_DIST=<dist/ folders, comma-separated>`: other builds of Hearth (say, before a change), each served
 * by a server of its own on the same database and timed in the same rounds, so a change is measured before and after
 * under the same load.
 */
const otherDists = process.env.FIRST_SYNC_OTHER_DIST?.split(',').filter(Boolean) ?? [];

const hearth = await startHearth();
const others: { dist: string; hearth: RunningHearth; rounds: HearthRound[] }[] = [];
let browser: Browser | undefined;
let rowsServer: Awaited<ReturnType<typeof serveRows>> | undefined;
try {
  const setUpStarted = Date.now();
  const { grandma, expected } = await setUpFamily(hearth.url, hearth.databaseUrl);
  const total = Object.values(expected).reduce((sum, count) => sum + count, 0);
  console.log(
    `family set up in ${((Date.now() - setUpStarted) / 1000).toFixed(0)} s; a first pull sends ` +
      `${total} rows: ${Object.entries(expected)
        .map(([table, count]) => `${table} ${count}`)
        .join(', ')} (messages: the newest ${limits.messageWindow} of ${familyMessages})`,
  );
  for (const dist of otherDists) {
    others.push({ dist, hearth: await startHearth({ STATIC_DIR: dist }, { sharing: hearth }), rounds: [] });
  }

  browser = await chromium.launch(chromiumLaunchOptions);
  // Untimed: warms the server and the browser, and yields the rows the bare side writes.
  const warmUp = await hearthRound(browser, hearth.url, grandma, expected, { keepRows: true });
  for (const other of others) await hearthRound(browser, other.hearth.url, grandma, expected);
  rowsServer = await serveRows(warmUp.rows!);
  const html = barePage(await bareDeviceScript(), rowsServer.url);
  console.log(`bare page's rows: ${(rowsServer.bytes / 1024 / 1024).toFixed(1)} MB of JSON`);

  const loadBefore = loadAverage();
  const hearthRounds: HearthRound[] = [];
  const bareRounds: BareRound[] = [];
  for (let round = 0; round < rounds; round += 1) {
    bareRounds.push(await bareRound(browser, hearth.url, html));
    hearthRounds.push(await hearthRound(browser, hearth.url, grandma, expected));
    for (const other of others) other.rounds.push(await hearthRound(browser, other.hearth.url, grandma, expected));
  }

  const bulkPut = bareRounds.map((round) => round.bulkPutMs);
  const barePageMs = bareRounds.map((round) => round.storedMs);
  const line = (label: string, values: number[]) =>
    console.log(`  ${label}: median ${median(values).toFixed(0)} ms (rounds: ${milliseconds(values)})`);
  const ratio = (values: number[], baseline: number[]) => (median(values) / median(baseline)).toFixed(2);
  const hearthLines = (name: string, measured: HearthRound[]) => {
    const allRows = measured.map((round) => round.allRowsMs);
    line(`${name}, navigation start to every row in IndexedDB`, allRows);
    line(
      '  of which pull requests in flight (server and loopback)',
      measured.map((round) => round.pullsMs),
    );
    line(
      '  of which navigation start to the answer to who is signed in',
      measured.map((round) => round.signedInKnownMs),
    );
    line(
      '  of which navigation start to the first pull sent',
      measured.map((round) => round.firstPullSentMs),
    );
    line(
      '  of which the answer to who is signed in to the first pull sent',
      measured.map((round) => round.firstPullSentMs - round.signedInKnownMs),
    );
    line(
      `${name}, navigation start to the first post on screen`,
      measured.map((round) => round.firstPostMs),
    );
    console.log(
      `  ${name} all rows ÷ bare (a): ${ratio(allRows, bulkPut)}×, ÷ bare (b): ${ratio(allRows, barePageMs)}× ` +
        '(goal ≤ 1.5× the bare write)',
    );
  };
  console.log(
    `first sync into an empty device, ${total} rows, ${rounds} rounds each, alternating ` +
      `(load average ${loadBefore} before the rounds, ${loadAverage()} after):`,
  );
  line('bare (a): Dexie bulkPut of every table, one transaction', bulkPut);
  line('bare (b): navigation start to the same rows fetched and stored', barePageMs);
  hearthLines('Hearth', hearthRounds);
  for (const other of others) hearthLines(`Hearth built in ${other.dist}`, other.rounds);
} finally {
  await browser?.close();
  await rowsServer?.close();
  for (const other of others) await other.hearth.stop();
  await hearth.stop();
}
