/**
 * Device sync as a person sees it, in the system Chromium against the real server (the production build in dist/, on
 * a fresh database: the PostgreSQL named by DATABASE_URL when set, else the embedded PGlite):
 *
 * 1. Pull into an empty device: member A's family holds 2,000 posts (pushed through the sync API in batches of 100).
 *    A fresh browser context (empty IndexedDB) signs in as A and opens `/`; measured from navigation start until the
 *    device's `posts` table holds every post (IndexedDB polled every 20 ms) and until the feed shows its first post.
 * 2. Poke to screen: A and B, members of that family, each have `/` open. A shares a post through the composer; the
 *    time from the click (Date.now() in A's page) until B's DOM contains the text (a MutationObserver in B's page),
 *    30 rounds, p50/p95/max. Both pages read the same machine clock.
 * 3. Offline start: A's page, controlled by the service worker, reloaded with the network off and the CPU slowed down
 *    4× (and, for reference, not slowed down); from navigation start until the feed's first post is in the DOM,
 *    against the architecture budget of 500 ms.
 *
 * Needs a production build (`npm run build`). Prints figures; fails only when it cannot measure.
 */
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import {
  chromium,
  request,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { pushBatchMax, syncProtocolVersion } from '../schema/sync-protocol.ts';
import { latencyFigures, median, milliseconds } from './support/figures.ts';
import {
  deviceRowsReachedMs,
  firstMatchMs,
  offlineStart,
  postCard,
  pullRequestsMs,
  shareThroughComposer,
  signIn,
  waitForOfflineReady,
  waitTimeoutMs,
  watchFirstMatch,
  watchForText,
} from './support/page-timing.ts';

const familyPosts = 2000;
const pullRounds = 3;
const pokeRounds = 30;
const offlineRounds = 5;
const offlineStartBudgetMs = 500;
const cpuSlowdown = 4;

type Person = { username: string; email: string; password: string };

// ---------------------------------------------------------------------------------------------------------------
// Setting up through the real API

function newPerson(label: string): Person {
  const unique = randomUUID().slice(0, 8);
  return { username: `${label}_${unique}`, email: `${label}.${unique}@example.com`, password: 'bench-password-1' };
}

async function expectStatus(response: APIResponse, status: number, what: string): Promise<void> {
  if (response.status() === status) return;
  throw new Error(`${what}: ${response.status()} ${(await response.text()).slice(0, 300)}`);
}

/** Signs up through the API; the request context keeps the session cookie. */
/** Answers the new person's id. */
async function signUp(api: APIRequestContext, person: Person): Promise<string> {
  const response = await api.post('/api/auth/signup', { data: { ...person, confirmPassword: person.password } });
  await expectStatus(response, 201, 'Signup failed');
  return ((await response.json()) as { user: { id: string } }).user.id;
}

async function createFamily(api: APIRequestContext, name: string): Promise<string> {
  const response = await api.post('/api/families', { data: { name } });
  await expectStatus(response, 201, 'Creating the family failed');
  const family = (await response.json()) as { id: string };
  return family.id;
}

/** Pushes `count` post.create mutations from a made-up device, in batches of 100 as a device sends them. */
async function pushPosts(api: APIRequestContext, userId: string, familyId: string, count: number): Promise<void> {
  const deviceId = randomUUID();
  let seq = 0;
  for (let start = 0; start < count; start += pushBatchMax) {
    const now = new Date().toISOString();
    const mutations = Array.from({ length: Math.min(pushBatchMax, count - start) }, (_, index) => ({
      seq: ++seq,
      name: 'post.create',
      args: { postId: randomUUID(), familyId, content: `Post number ${start + index + 1} with a few words in it` },
      writtenAt: now,
    }));
    const response = await api.post('/api/sync/push', {
      data: { protocolVersion: syncProtocolVersion, deviceId, userId, epoch: null, acknowledgedSeq: start, sentAt: now, mutations },
    });
    await expectStatus(response, 200, 'Push failed');
    const answer = (await response.json()) as { results: { status: string }[] };
    if (answer.results.length !== mutations.length || answer.results.some((result) => result.status !== 'applied')) {
      throw new Error(`Push not applied: ${JSON.stringify(answer).slice(0, 300)}`);
    }
  }
}

/** Makes a person a member of a family the way joining does (as e2e/support/database.ts `addFamilyMember`). */
async function addFamilyMember(databaseUrl: string, familyId: string, email: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`
      with family as (
        update families set version = version + 1 where id = ${familyId} returning id, version
      )
      insert into family_members (family_id, user_id, role, relationship_type, version)
      select family.id, users.id, 'member', 'sibling', family.version
      from family, users where users.email = ${email}
      returning id`;
    if (rows.length !== 1) throw new Error(`No family ${familyId} or no user ${email}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Watching pages

/** A fresh browser context (empty IndexedDB, no service worker) whose pages record their first post card. */
function newWatchedContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL }).then((context) => watchFirstMatch(context, postCard));
}

/** Opens `/` and waits until the family's feed shows posts and the device holds every post. */
async function openSettledFeed(page: Page, familyName: string, posts: number): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { name: familyName, level: 2 }).waitFor({ timeout: waitTimeoutMs() });
  await page.locator(postCard).first().waitFor({ timeout: waitTimeoutMs() });
  await deviceRowsReachedMs(page, { posts });
}

// ---------------------------------------------------------------------------------------------------------------
// The three measurements

async function measurePullIntoEmptyDevice(browser: Browser, baseURL: string, person: Person): Promise<void> {
  const allRows: number[] = [];
  const firstPost: number[] = [];
  const pullRequests: number[] = [];
  for (let round = 0; round < pullRounds; round += 1) {
    const context = await newWatchedContext(browser, baseURL);
    try {
      await signIn(context, person);
      const page = await context.newPage();
      await page.goto('/', { waitUntil: 'commit' });
      allRows.push(await deviceRowsReachedMs(page, { posts: familyPosts }));
      firstPost.push(await firstMatchMs(page));
      pullRequests.push(await pullRequestsMs(page));
    } finally {
      await context.close();
    }
  }
  console.log(`pull into an empty device, family of ${familyPosts} posts, from navigation start:`);
  console.log(
    `  all ${familyPosts} posts in IndexedDB: median ${median(allRows).toFixed(0)} ms (rounds: ${milliseconds(allRows)})`,
  );
  console.log(
    `    of which pull requests in flight (server and loopback): median ${median(pullRequests).toFixed(0)} ms ` +
      `(rounds: ${milliseconds(pullRequests)})`,
  );
  console.log(`  first post on screen: median ${median(firstPost).toFixed(0)} ms (rounds: ${milliseconds(firstPost)})`);
}

async function measurePokeToScreen(sender: Page, receiver: Page): Promise<void> {
  const latencies: number[] = [];
  for (let round = 0; round < pokeRounds; round += 1) {
    const text = `Poke round ${round + 1} ${randomUUID()}`;
    const seen = await watchForText(receiver, 'body', text);
    const clickedAt = await shareThroughComposer(sender, text);
    latencies.push((await seen()) - clickedAt);
  }
  console.log(`poke to screen, A shares and B sees it, ${pokeRounds} rounds: ${latencyFigures(latencies)}`);
  console.log(`  rounds: ${milliseconds(latencies)}`);
}

/**
 * Reloads the page with the network off, `offlineRounds` times; milliseconds from navigation start to the first post
 * on screen (the picture of the home, once there is one: pwa/lib/home-snapshot.ts), and to the app's own.
 */
async function offlineStarts(page: Page, cpuRate: number): Promise<{ shown: number[]; app: number[] }> {
  const shown: number[] = [];
  const app: number[] = [];
  for (let round = 0; round < offlineRounds; round += 1) {
    const start = await offlineStart(page, cpuRate);
    shown.push(start.shownMs);
    app.push(start.appMs);
  }
  return { shown, app };
}

async function measureOfflineStart(page: Page): Promise<void> {
  await waitForOfflineReady(page);
  const context = page.context();
  await context.setOffline(true);
  try {
    const unthrottled = await offlineStarts(page, 1);
    const throttled = await offlineStarts(page, cpuSlowdown);
    const verdict = median(throttled.shown) <= offlineStartBudgetMs ? 'within' : 'OVER';
    console.log(
      `offline start to first post on screen, CPU ${cpuSlowdown}× slower: median ${median(throttled.shown).toFixed(0)} ` +
        `ms, ${verdict} the ${offlineStartBudgetMs} ms budget (rounds: ${milliseconds(throttled.shown)}); the app's ` +
        `own first post: median ${median(throttled.app).toFixed(0)} ms`,
    );
    console.log(
      `  same without CPU slowdown, for reference: median ${median(unthrottled.shown).toFixed(0)} ms ` +
        `(rounds: ${milliseconds(unthrottled.shown)}); the app's own: ${median(unthrottled.app).toFixed(0)} ms`,
    );
  } finally {
    await context.setOffline(false);
  }
}

// ---------------------------------------------------------------------------------------------------------------

const hearth = await startHearth();
let api: APIRequestContext | undefined;
let browser: Browser | undefined;
try {
  api = await request.newContext({ baseURL: hearth.url });
  const memberA = newPerson('bench_a');
  const memberB = newPerson('bench_b');
  const familyName = `Bench family ${randomUUID().slice(0, 8)}`;
  const memberAId = await signUp(api, memberA);
  const familyId = await createFamily(api, familyName);
  await pushPosts(api, memberAId, familyId, familyPosts);

  browser = await chromium.launch(chromiumLaunchOptions);
  await measurePullIntoEmptyDevice(browser, hearth.url, memberA);

  const contextA = await newWatchedContext(browser, hearth.url);
  const contextB = await newWatchedContext(browser, hearth.url);
  try {
    await signIn(contextA, memberA);
    const pageA = await contextA.newPage();
    await openSettledFeed(pageA, familyName, familyPosts);

    await signUp(contextB.request, memberB);
    await addFamilyMember(hearth.databaseUrl, familyId, memberB.email);
    const pageB = await contextB.newPage();
    await openSettledFeed(pageB, familyName, familyPosts);

    await measurePokeToScreen(pageA, pageB);
    await measureOfflineStart(pageA);
  } finally {
    await contextA.close();
    await contextB.close();
  }
} finally {
  await browser?.close();
  await api?.dispose();
  await hearth.stop();
}
