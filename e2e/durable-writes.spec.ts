/**
 * Every kind of write, shown as written and then interrupted at once by a reload or a closed tab, with the CPU slowed
 * 1×, 4× and 8× (Chromium's own throttling, CDP `Emulation.setCPUThrottlingRate`): once the app has started again,
 * the write is on screen and on the server exactly once, and the status never said "All sent" (or "Up to date")
 * while the server did not have it yet (docs/decisions/0030-a-write-shown-is-a-write-kept.md).
 *
 * In CI each kind runs once, the interruptions and slowdowns taking turns so every one of them is covered;
 * `bench/durable-writes.ts` runs the whole matrix (HEARTH_DURABILITY_MATRIX=full) and prints the counts from the
 * records written to HEARTH_DURABILITY_FIGURES.
 */
import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { withDatabase } from './support/database.ts';
import { close, createFamily, post, share } from './support/family.ts';
import { expect, newPerson, signUp, test, type Person } from './support/test.ts';

type Interruption = 'reload' | 'closed tab';
const interruptions: readonly Interruption[] = ['reload', 'closed tab'];
const cpuRates = [1, 4, 8] as const;

/** What a case needs to know about the family it writes in. */
type Home = { person: Person; anchorPost: string; anchorEvent: string };

type WriteKind = {
  name: string;
  /** Where the write is made and looked for again. */
  path: string;
  /** Makes the write, resolving once the screen shows it as written (a field emptied, a dialog closed, a mark). */
  write(page: Page, marker: string, home: Home): Promise<void>;
  /** Waits until the screen shows the write (after the restart). */
  shown(page: Page, marker: string, home: Home): Promise<void>;
  /** How many copies of the write the server holds (for a switch: 1 when it has the new position, else 0). */
  onServer(marker: string, home: Home): Promise<number>;
};

async function count(query: (sql: Parameters<Parameters<typeof withDatabase>[0]>[0]) => Promise<{ n: number }[]>) {
  return withDatabase(async (sql) => (await query(sql))[0]?.n ?? 0);
}

/** Tomorrow at noon in the browser's own time, as a datetime-local field takes it. */
function tomorrowAtNoon(): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T12:00`;
}

async function createEvent(page: Page, title: string) {
  await page.getByRole('button', { name: 'Create Event' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create New Event' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Starts').fill(tomorrowAtNoon());
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
}

/** A toggle's position now, and the one a tap gives it: kept in the marker so `shown` and `onServer` know it. */
async function flip(button: ReturnType<Page['getByRole']>, attribute: 'aria-pressed' | 'aria-checked') {
  const before = (await button.getAttribute(attribute)) === 'true';
  await button.click();
  await expect(button).toHaveAttribute(attribute, String(!before), { timeout: 20_000 });
  return !before;
}

const positions = new Map<string, boolean>();

const kinds: readonly WriteKind[] = [
  {
    name: 'post',
    path: '/',
    async write(page, marker) {
      await share(page, marker);
      await expect(page.getByLabel('Share an update with your family')).toHaveValue('', { timeout: 20_000 });
    },
    shown: (page, marker) => expect(post(page, marker)).toBeVisible({ timeout: 20_000 }),
    onServer: (marker) => count((sql) => sql`select count(*)::int as n from posts where content = ${marker}`),
  },
  {
    name: 'comment',
    path: '/',
    async write(page, marker, { anchorPost }) {
      const card = post(page, anchorPost);
      const field = card.getByRole('textbox', { name: 'Write a comment' });
      if (!(await field.isVisible())) await card.getByRole('button', { name: /^Comments?\b/ }).first().click();
      await field.fill(marker);
      await card.getByRole('button', { name: 'Add comment' }).click();
      await expect(field).toHaveValue('', { timeout: 20_000 });
    },
    async shown(page, marker, { anchorPost }) {
      const card = post(page, anchorPost);
      await expect(card).toBeVisible({ timeout: 20_000 });
      if (!(await card.getByText(marker).isVisible())) {
        await card.getByRole('button', { name: /^Comments?\b|comments?$/ }).first().click();
      }
      await expect(card.getByText(marker)).toBeVisible({ timeout: 20_000 });
    },
    onServer: (marker) => count((sql) => sql`select count(*)::int as n from comments where content = ${marker}`),
  },
  {
    name: 'reaction',
    path: '/',
    async write(page, marker, { anchorPost }) {
      const like = post(page, anchorPost).getByRole('button', { name: 'Like', exact: true });
      positions.set(marker, await flip(like, 'aria-pressed'));
    },
    shown: (page, marker, { anchorPost }) =>
      expect(post(page, anchorPost).getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
        'aria-pressed',
        String(positions.get(marker)),
        { timeout: 20_000 },
      ),
    async onServer(marker, { anchorPost }) {
      const likes = await count(
        (sql) => sql`select count(*)::int as n from post_reactions r join posts p on p.id = r.post_id
          where p.content = ${anchorPost}`,
      );
      return likes === (positions.get(marker) ? 1 : 0) ? 1 : 0;
    },
  },
  {
    name: 'message',
    path: '/chat',
    async write(page, marker) {
      const input = page.getByPlaceholder('Type your message...');
      await input.fill(marker);
      await input.press('Enter');
      await expect(input).toHaveValue('', { timeout: 20_000 });
    },
    shown: (page, marker) =>
      expect(page.getByRole('list', { name: 'Messages' }).getByText(marker)).toBeVisible({ timeout: 20_000 }),
    onServer: (marker) => count((sql) => sql`select count(*)::int as n from messages where content = ${marker}`),
  },
  {
    name: 'event',
    path: '/events',
    write: (page, marker) => createEvent(page, marker),
    shown: (page, marker) => expect(page.getByRole('article', { name: marker })).toBeVisible({ timeout: 20_000 }),
    onServer: (marker) => count((sql) => sql`select count(*)::int as n from events where title = ${marker}`),
  },
  {
    name: 'RSVP',
    path: '/events',
    async write(page, marker, { anchorEvent }) {
      // An answer pressed again stays as it is: the other answer is the change.
      const card = page.getByRole('article', { name: anchorEvent });
      const attending = (await card.getByRole('button', { name: 'Attending' }).getAttribute('aria-pressed')) === 'true';
      const answer = card.getByRole('button', { name: attending ? "Can't Make It" : 'Attending' });
      await answer.click();
      await expect(answer).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
      positions.set(marker, !attending);
    },
    shown: (page, marker, { anchorEvent }) =>
      expect(
        page.getByRole('article', { name: anchorEvent }).getByRole('button', { name: 'Attending' }),
      ).toHaveAttribute('aria-pressed', String(positions.get(marker)), { timeout: 20_000 }),
    async onServer(marker, { anchorEvent }) {
      const attending = await count(
        (sql) => sql`select count(*)::int as n from event_attendees a join events e on e.id = a.event_id
          where e.title = ${anchorEvent} and a.status = 'attending'`,
      );
      return attending === (positions.get(marker) ? 1 : 0) ? 1 : 0;
    },
  },
  {
    name: 'album',
    path: '/photos',
    async write(page, marker) {
      await page.getByRole('button', { name: 'New Album' }).click();
      await page.getByLabel('Album name').fill(marker);
      await page.getByRole('button', { name: 'Create Album' }).click();
      await expect(page.getByRole('dialog')).toBeHidden({ timeout: 20_000 });
    },
    shown: (page, marker) =>
      expect(page.getByRole('button', { name: new RegExp(marker) })).toBeVisible({ timeout: 20_000 }),
    onServer: (marker) => count((sql) => sql`select count(*)::int as n from albums where name = ${marker}`),
  },
  {
    name: 'photo',
    path: '/photos',
    async write(page, marker) {
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d9774a' } })
        .jpeg()
        .toBuffer();
      await page.getByRole('button', { name: 'Upload Photos' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
      await dialog.getByLabel(/Choose photos/).setInputFiles({ name: 'hearth.jpg', mimeType: 'image/jpeg', buffer: photo });
      await dialog.getByLabel('Title (optional)').fill(marker);
      await dialog.getByRole('button', { name: 'Upload' }).click();
      // Kept on the device once the dialog shows it uploading (or has closed, it was so quick).
      await expect(dialog.getByText(/^Uploading/).or(page.getByRole('img', { name: marker })).first()).toBeVisible({
        timeout: 20_000,
      });
    },
    shown: (page, marker) => expect(page.getByRole('img', { name: marker })).toBeVisible({ timeout: 20_000 }),
    onServer: (marker) => count((sql) => sql`select count(*)::int as n from photos where title = ${marker}`),
  },
  {
    name: 'settings',
    path: '/settings',
    async write(page, marker) {
      positions.set(marker, await flip(page.getByRole('switch', { name: 'Activity Status' }), 'aria-checked'));
    },
    shown: (page, marker) =>
      expect(page.getByRole('switch', { name: 'Activity Status' })).toHaveAttribute(
        'aria-checked',
        String(positions.get(marker)),
        { timeout: 20_000 },
      ),
    async onServer(marker, { person }) {
      const on = await count(
        (sql) => sql`select count(*)::int as n from user_settings s join users u on u.id = s.user_id
          where u.email = ${person.email} and s.activity_status`,
      );
      return on === (positions.get(marker) ? 1 : 0) ? 1 : 0;
    },
  },
];

type Case = { kind: WriteKind; interruption: Interruption; rate: number };

/** CI: every kind once, the interruptions and slowdowns taking turns. The full matrix: all of them, `rounds` times. */
function matrix(): Case[] {
  if (process.env.HEARTH_DURABILITY_MATRIX !== 'full') {
    return kinds.map((kind, index) => ({
      kind,
      interruption: interruptions[index % interruptions.length]!,
      rate: cpuRates[index % cpuRates.length]!,
    }));
  }
  const rounds = Number(process.env.HEARTH_DURABILITY_ROUNDS ?? 1);
  // `HEARTH_DURABILITY_KINDS=photo,comment` runs the matrix of those kinds only.
  const only = process.env.HEARTH_DURABILITY_KINDS?.split(',');
  return Array.from({ length: rounds }).flatMap(() =>
    kinds.filter((kind) => !only || only.includes(kind.name)).flatMap((kind) =>
      interruptions.flatMap((interruption) => cpuRates.map((rate) => ({ kind, interruption, rate }))),
    ),
  );
}

/** What the status pills said, in order, from the start of each page: the app's own, and any in the picture. */
function recordStatuses() {
  const said: { at: number; labels: string[] }[] = [];
  (window as typeof window & { hearthStatuses?: typeof said }).hearthStatuses = said;
  let last = '';
  new MutationObserver(() => {
    const labels = [...document.querySelectorAll('[data-sync-state]')].map(
      (pill) => `${pill.closest('#home-snapshot') ? 'picture: ' : ''}${pill.textContent ?? ''}`,
    );
    const now = labels.join('|');
    if (now === last) return;
    last = now;
    said.push({ at: Date.now(), labels });
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

function statusesSaid(page: Page): Promise<{ at: number; labels: string[] }[]> {
  return page.evaluate(
    () => (window as typeof window & { hearthStatuses?: { at: number; labels: string[] }[] }).hearthStatuses ?? [],
  );
}

async function slowDown(page: Page, rate: number) {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Until the app itself is on screen: its own status pill, the picture of the home gone. */
async function started(page: Page) {
  await expect(page.locator('#root [data-sync-state]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#home-snapshot')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Polls the server from the interruption on: `absentAt` is the last moment it was seen without the write (the start
 * of the last query that found none), so a status claiming "sent" before then was early.
 */
function watchServer(kind: WriteKind, marker: string, home: Home) {
  let absentAt = Date.now();
  let arrived = false;
  let arrivedAt = -1;
  let stopped = false;
  const polling = (async () => {
    while (!stopped && !arrived) {
      const asked = Date.now();
      if ((await kind.onServer(marker, home)) > 0) {
        arrived = true;
        arrivedAt = Date.now();
      } else absentAt = asked;
      if (!arrived) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async arrival(timeoutMs: number) {
      await expect.poll(() => arrived, { timeout: timeoutMs }).toBe(true).catch(() => {});
      stopped = true;
      await polling;
      return { arrived, absentAt, arrivedAt };
    },
  };
}

const sentWords = /^(picture: )?(All sent|Up to date)/;

type Figure = {
  kind: string;
  interruption: Interruption;
  rate: number;
  kept: boolean;
  copies: number;
  early: boolean;
  said: string[];
  /**
   * Milliseconds from the interruption until the app had started, showed the write, the server had it, and the app
   * had sent everything. Shown before on the server means it came from the device's own copy.
   */
  ms: { started: number; shown: number; onServer: number; allSent: number };
  /** Where a write not kept went missing: the app never started in time, or started without showing it. */
  missing: 'not started' | 'not shown' | null;
};

async function runCase(context: BrowserContext, page: Page, { kind, interruption, rate }: Case, home: Home) {
  const marker = `${kind.name} ${interruption} ${rate}x ${Date.now().toString(36)}`;
  if (new URL(page.url()).pathname !== kind.path) await page.goto(kind.path);
  await started(page);
  await slowDown(page, rate);
  await kind.write(page, marker, home);
  const server = watchServer(kind, marker, home);
  if (interruption === 'reload') {
    await page.reload({ waitUntil: 'commit' });
  } else {
    await page.close();
    page = await context.newPage();
    await slowDown(page, rate);
    await page.goto(kind.path, { waitUntil: 'commit' });
  }
  const interrupted = Date.now();
  const ms = { started: -1, shown: -1, onServer: -1, allSent: -1 };
  let missing: Figure['missing'] = 'not started';
  try {
    await started(page);
    ms.started = Date.now() - interrupted;
    missing = 'not shown';
    await kind.shown(page, marker, home);
    ms.shown = Date.now() - interrupted;
    missing = null;
  } catch {
    // Recorded below: a bench run goes on through the matrix.
  }
  const { arrived, absentAt, arrivedAt } = await server.arrival(30_000);
  ms.onServer = arrived ? arrivedAt - interrupted : -1;
  const said = await statusesSaid(page);
  // Everything this device wrote has gone: any copy sent twice would be there by now.
  await expect(page.locator('#root [data-sync-state="all-sent"]')).toBeVisible({ timeout: 30_000 }).catch(() => {});
  ms.allSent = Date.now() - interrupted;
  const copies = await kind.onServer(marker, home);
  await slowDown(page, 1);
  const early = said.some(({ at, labels }) => at < absentAt && labels.some((label) => sentWords.test(label)));
  const figure: Figure = {
    kind: kind.name,
    interruption,
    rate,
    kept: missing === null && arrived,
    copies,
    early,
    said: said.map(({ labels }) => labels.join(' + ')),
    ms,
    missing,
  };
  return { page, figure };
}

test('every kind of write survives a reload or a closed tab at once, and the status never says sent early', async ({
  browser,
}) => {
  const cases = matrix();
  // About 5 s a case on a quiet machine; a loaded one (the slowdown comes on top) takes many times that.
  test.setTimeout(60_000 + cases.length * 60_000);
  const context = await browser.newContext();
  await context.addInitScript(recordStatuses);
  let page = await context.newPage();
  const person = newPerson('durable');
  await signUp(page, person);
  await createFamily(page, `The Keeps ${Date.now().toString(36)}`);
  const home: Home = { person, anchorPost: `Anchor post ${Date.now().toString(36)}`, anchorEvent: '' };
  await share(page, home.anchorPost);
  await expect(post(page, home.anchorPost)).toBeVisible();
  home.anchorEvent = `Anchor event ${Date.now().toString(36)}`;
  await page.goto('/events');
  await createEvent(page, home.anchorEvent);

  const figures: Figure[] = [];
  const figuresFile = process.env.HEARTH_DURABILITY_FIGURES;
  for (const each of cases) {
    const result = await runCase(context, page, each, home);
    page = result.page;
    figures.push(result.figure);
    // After every case, so a matrix cut short still leaves what it measured.
    if (figuresFile) writeFileSync(figuresFile, JSON.stringify(figures, null, 2));
  }
  for (const figure of figures) {
    console.log(
      `${figure.kind} · ${figure.interruption} · ${figure.rate}×: kept ${figure.kept}, copies ${figure.copies}, ` +
        `early ${figure.early}${figure.missing ? `, ${figure.missing}` : ''}; ${JSON.stringify(figure.ms)}; ` +
        `said ${figure.said.join(' → ')}`,
    );
  }
  expect(figures.filter((figure) => !figure.kept || figure.copies !== 1 || figure.early)).toEqual([]);
  await close(context);
});
