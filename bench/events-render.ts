/**
 * The Events screen drawn from the device: a family with 500 events (half to come, half past), already
 * synced, in the system Chromium against the real server (the production build); `/events` reloaded 5 times, measured
 * from navigation start until every upcoming card and the first past ones are on screen. Beside it, in the same run
 * and browser, the same screen for a family with no events (until "No Upcoming Events" shows): the app's own start.
 * Needs `npm run build`.
 */
import { randomUUID } from 'node:crypto';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { pushBatchMax, syncProtocolVersion } from '../schema/sync-protocol.ts';
import { median } from './support/figures.ts';

const events = 500;
const rounds = 5;
const day = 24 * 60 * 60 * 1000;

/** A new person with a family in `context` (its requests keep the session cookie); answers their ids. */
async function personWithFamily(context: BrowserContext, label: string) {
  const name = `${label}${randomUUID().slice(0, 8)}`;
  const signup = await context.request.post('/api/auth/signup', {
    data: {
      username: name,
      email: `${name}@example.test`,
      password: 'bench-events-1',
      confirmPassword: 'bench-events-1',
    },
  });
  if (signup.status() !== 201) throw new Error(`signup answered ${signup.status()}`);
  const userId = ((await signup.json()) as { user: { id: string } }).user.id;
  const family = await context.request.post('/api/families', { data: { name: `The ${label} family` } });
  return { userId, familyId: ((await family.json()) as { id: string }).id };
}

async function pushEvents(context: BrowserContext, userId: string, familyId: string): Promise<void> {
  const deviceId = randomUUID();
  let seq = 0;
  for (let start = 0; start < events; start += pushBatchMax) {
    const now = new Date().toISOString();
    const mutations = Array.from({ length: Math.min(pushBatchMax, events - start) }, (_, offset) => {
      const index = start + offset;
      return {
        seq: ++seq,
        name: 'event.create',
        args: {
          eventId: randomUUID(),
          familyId,
          title: `Event ${index}: lunch at Grandma's`,
          description: null,
          location: index % 2 === 0 ? 'The garden, 12 Elm Road' : null,
          startDate: new Date(Date.now() + (index - events / 2 + 0.5) * day).toISOString(),
          endDate: null,
          timeZone: 'Europe/London',
          allDay: false,
        },
        writtenAt: now,
      };
    });
    const answer = await context.request.post('/api/sync/push', {
      data: { protocolVersion: syncProtocolVersion, deviceId, userId, epoch: null, acknowledgedSeq: start, sentAt: now, mutations },
    });
    if (answer.status() !== 200) throw new Error(`push answered ${answer.status()}`);
  }
}

/** Reloads `/events` `rounds` times once the device holds everything; ms from navigation start until `ready`. */
async function renders(page: Page, ready: () => boolean): Promise<number[]> {
  await page.goto('/events');
  await page.waitForFunction(ready, undefined, { timeout: 60_000 });
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(ready, undefined, { timeout: 60_000, polling: 'raf' });
    times.push(await page.evaluate(() => performance.now()));
  }
  return times;
}

const hearth = await startHearth();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const full = await browser.newContext({ baseURL: hearth.url });
  const { userId, familyId } = await personWithFamily(full, 'busy');
  await pushEvents(full, userId, familyId);
  const empty = await browser.newContext({ baseURL: hearth.url });
  await personWithFamily(empty, 'quiet');

  const upcoming = events / 2;
  const fullTimes = await renders(await full.newPage(), () => document.querySelectorAll('article').length >= 256);
  const emptyTimes = await renders(await empty.newPage(), () =>
    [...document.querySelectorAll('h2')].some((heading) => heading.textContent === 'No Upcoming Events'),
  );
  const round = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  console.log(`The Events screen from the device, ${rounds} reloads each, from navigation start:`);
  console.log(
    `  ${events} events (${upcoming} to come, 6 past shown): median ${median(fullTimes).toFixed(0)} ms (${round(fullTimes)})`,
  );
  console.log(
    `  no events (the app's own start):       median ${median(emptyTimes).toFixed(0)} ms (${round(emptyTimes)})`,
  );
  console.log(`  ratio ${(median(fullTimes) / median(emptyTimes)).toFixed(2)}`);
} finally {
  await browser.close();
  await hearth.stop();
}
