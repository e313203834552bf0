/**
 * Timing what a page shows, for the browser benchmarks (device-sync.ts, first-sync.ts, live.ts, offline-start.ts):
 * signing a context in, when something first enters the DOM after a navigation, when a text first appears after a
 * write, when the device's database holds the rows it should, how long its pulls were in flight, the offline reload. The
 * functions passed to the page are written without inner named functions: they are sent as source, and the bundler
 * would wrap a named one in a helper the page does not have.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { scaledWithLoad } from './figures.ts';

/** How long a page may take to show or store what a benchmark waits for: a minute on a quiet machine. */
export function waitTimeoutMs(): number {
  return scaledWithLoad(60_000);
}

/** A post card: an `article` named by its author (the landing page's articles, prerendered for visitors, are not). */
export const postCard = 'article[aria-labelledby^="post-"]';

/** What the init script and the observers leave on the page's window for the benchmark to read. */
type BenchMarks = { firstMatchMs?: number; firstShownMs?: number; seenAt?: number };
type BenchWindow = Window & { hearthBench?: BenchMarks };

/**
 * Init script (`context.addInitScript(recordFirstMatch, selector)`): records performance.now(), i.e. milliseconds
 * since navigation start, when an element matching `selector` first enters the DOM of the page's app (its `#root`),
 * and at the first animation frame in which one is shown anywhere on the page (not hidden): the frame that paints
 * it, which a busy main thread or a style sheet still loading holds back. Hearth's picture of the home
 * (pwa/lib/home-snapshot.ts) lies outside `#root`, so the two differ when it is shown.
 */
export function recordFirstMatch(selector: string): void {
  const marks: BenchMarks = {};
  (window as BenchWindow).hearthBench = marks;
  const observer = new MutationObserver(() => {
    if (marks.firstMatchMs === undefined && document.querySelector(`#root ${selector}`)) {
      marks.firstMatchMs = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  // A loop of awaited frames, not a named callback: tsx keeps function names by wrapping them in a helper that the
  // page does not have, and the init script would stop there.
  void (async () => {
    do await new Promise((resolve) => requestAnimationFrame(resolve));
    while (![...document.querySelectorAll(selector)].some((element) => element.checkVisibility()));
    marks.firstShownMs = performance.now();
  })();
}

/** Milliseconds from navigation start until the element `recordFirstMatch` watches for was in the app's DOM. */
export async function firstMatchMs(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as BenchWindow).hearthBench?.firstMatchMs, undefined, {
    timeout: waitTimeoutMs(),
  });
  return (await handle.jsonValue()) as number;
}

/** Milliseconds from navigation start until the frame that first showed what `recordFirstMatch` watches for. */
export async function firstShownMs(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as BenchWindow).hearthBench?.firstShownMs, undefined, {
    timeout: waitTimeoutMs(),
  });
  return (await handle.jsonValue()) as number;
}

/**
 * Starts watching the page for an element matching `selector` whose text includes `text`; answers a function that
 * waits for it and resolves with Date.now() in the page at the mutation that made it so (both pages of a benchmark
 * read the same machine clock).
 */
export async function watchForText(page: Page, selector: string, text: string): Promise<() => Promise<number>> {
  await page.evaluate(
    ({ selector, text }) => {
      const marks = ((window as BenchWindow).hearthBench ??= {});
      delete marks.seenAt;
      const observer = new MutationObserver(() => {
        if ([...document.querySelectorAll(selector)].some((element) => element.textContent?.includes(text))) {
          marks.seenAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { selector, text },
  );
  return async () => {
    const handle = await page.waitForFunction(() => (window as BenchWindow).hearthBench?.seenAt, undefined, {
      timeout: waitTimeoutMs(),
    });
    return (await handle.jsonValue()) as number;
  };
}

/** Types a post into the composer and clicks Share from inside the page; returns Date.now() right before the click. */
export async function shareThroughComposer(page: Page, text: string): Promise<number> {
  await page.getByLabel('Share an update with your family').fill(text);
  return page.getByRole('button', { name: 'Share', exact: true }).evaluate(async (button: HTMLButtonElement) => {
    while (button.disabled) await new Promise((resolve) => setTimeout(resolve, 5));
    const clickedAt = Date.now();
    button.click();
    return clickedAt;
  });
}

/** Waits until a service worker controls the page, so a reload can come from it with no network. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    },
    undefined,
    { timeout: waitTimeoutMs() },
  );
}

/**
 * One offline start: the page (its context offline already) reloaded with the CPU slowed `cpuRate` times through
 * Chromium's own throttling; milliseconds from navigation start until what `recordFirstMatch` watches for is first
 * shown, and until the app's own is in its DOM.
 */
export async function offlineStart(page: Page, cpuRate: number): Promise<{ shownMs: number; appMs: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  try {
    await page.reload({ waitUntil: 'commit' });
    return { shownMs: await firstShownMs(page), appMs: await firstMatchMs(page) };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/** A browser context whose pages record when an element matching `selector` first enters their DOM. */
export async function watchFirstMatch(context: BrowserContext, selector: string): Promise<BrowserContext> {
  await context.addInitScript(recordFirstMatch, selector);
  return context;
}

/** Signs a browser context in: its pages share the cookie `context.request` receives. */
export async function signIn(context: BrowserContext, person: { email: string; password: string }): Promise<void> {
  const response = await context.request.post('/api/auth/login', {
    data: { email: person.email, password: person.password },
  });
  if (response.status() !== 200) {
    throw new Error(`Login failed: ${response.status()} ${(await response.text()).slice(0, 300)}`);
  }
}

/**
 * Milliseconds from navigation start until the signed-in person's device database holds at least `counts[table]`
 * rows in every table named, polling it every 20 ms with the raw IndexedDB API (never creating it: Dexie must find
 * it absent or complete).
 */
export function deviceRowsReachedMs(page: Page, counts: Record<string, number>): Promise<number> {
  return page.evaluate(
    async ({ counts, timeoutMs }) => {
      const deadline = performance.now() + timeoutMs;
      let user: { id: string } | null = null;
      let held: Record<string, number> = {};
      while (performance.now() < deadline) {
        user = JSON.parse(localStorage.getItem('hearth-signed-in-user') ?? 'null') as { id: string } | null;
        if (user) {
          const name = `hearth-${user.id}`;
          // Not there yet: left alone. Opening it would start a version change (then aborted) beside the app's own
          // first open of its new database.
          const exists = (await indexedDB.databases()).some((known) => known.name === name);
          const database = !exists
            ? null
            : await new Promise<IDBDatabase | null>((resolve) => {
                const opening = indexedDB.open(name);
                // Created by the app in between: abort rather than create an empty version 1 under Dexie's feet.
                opening.onupgradeneeded = () => opening.transaction?.abort();
                opening.onsuccess = () => resolve(opening.result);
                opening.onerror = () => resolve(null);
              });
          if (database) {
            const tables = Object.keys(counts).filter((table) => database.objectStoreNames.contains(table));
            held = {};
            if (tables.length > 0) {
              const reading = database.transaction(tables);
              const counted = await Promise.all(
                tables.map(
                  (table) =>
                    new Promise<number>((resolve, reject) => {
                      const counting = reading.objectStore(table).count();
                      counting.onsuccess = () => resolve(counting.result);
                      counting.onerror = () => reject(counting.error);
                    }),
                ),
              );
              tables.forEach((table, index) => (held[table] = counted[index] ?? 0));
            }
            database.close();
            if (Object.entries(counts).every(([table, count]) => (held[table] ?? 0) >= count)) return performance.now();
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const state = user
        ? Object.entries(counts)
            .map(([table, count]) => `${table} ${held[table] ?? 0}/${count}`)
            .join(', ')
        : 'nobody signed in on the device';
      throw new Error(`The device did not hold every row within ${timeoutMs} ms (${state})`);
    },
    { counts, timeoutMs: waitTimeoutMs() },
  );
}

/** Milliseconds the page's `/api/sync/pull` requests were in flight, from sending to the last byte of the answer. */
export function pullRequestsMs(page: Page): Promise<number> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/sync/pull')
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).responseEnd - entry.startTime, 0),
  );
}
