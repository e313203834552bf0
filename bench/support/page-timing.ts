/**
 * Timing what a page shows, for the browser benchmarks (device-sync.ts, live.ts, offline-start.ts): when something
 * first enters the DOM after a navigation, when a text first appears after a write, the offline reload. The
 * functions passed to the page are written without inner named functions: they are sent as source, and the bundler
 * would wrap a named one in a helper the page does not have.
 */
import type { BrowserContext, Page } from 'playwright-core';

const waitTimeoutMs = 60_000;

/** What the init script and the observers leave on the page's window for the benchmark to read. */
type BenchMarks = { firstMatchMs?: number; seenAt?: number };
type BenchWindow = Window & { hearthBench?: BenchMarks };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Each round, in the order measured: "12, 15, 11". */
export function milliseconds(values: number[]): string {
  return values.map((value) => value.toFixed(0)).join(', ');
}

/** "p50 … ms, p95 … ms, max … ms" (nearest rank). */
export function latencyFigures(values: number[]): string {
  return (
    `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, ` +
    `max ${Math.max(...values).toFixed(0)} ms`
  );
}

/**
 * Init script (`context.addInitScript(recordFirstMatch, selector)`): records performance.now(), i.e. milliseconds
 * since navigation start, when an element matching `selector` first enters the DOM.
 */
export function recordFirstMatch(selector: string): void {
  const marks: BenchMarks = {};
  (window as BenchWindow).hearthBench = marks;
  const observer = new MutationObserver(() => {
    if (marks.firstMatchMs === undefined && document.querySelector(selector)) {
      marks.firstMatchMs = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Milliseconds from navigation start until the element `recordFirstMatch` watches for was in the DOM. */
export async function firstMatchMs(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as BenchWindow).hearthBench?.firstMatchMs, undefined, {
    timeout: waitTimeoutMs,
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
      timeout: waitTimeoutMs,
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
    { timeout: waitTimeoutMs },
  );
}

/**
 * One offline start: the page (its context offline already) reloaded with the CPU slowed `cpuRate` times through
 * Chromium's own throttling; milliseconds from navigation start until what `recordFirstMatch` watches for is there.
 */
export async function offlineStart(page: Page, cpuRate: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  try {
    await page.reload({ waitUntil: 'commit' });
    return await firstMatchMs(page);
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

/**
 * Milliseconds from navigation start until the signed-in person's device database holds `count` posts, polling it
 * every 20 ms with the raw IndexedDB API (never creating it: Dexie must find it absent or complete).
 */
export function devicePostsReachedMs(page: Page, count: number): Promise<number> {
  return page.evaluate(
    async ({ count, timeoutMs }) => {
      const deadline = performance.now() + timeoutMs;
      let user: { id: string } | null = null;
      let rows = 0;
      while (performance.now() < deadline) {
        user = JSON.parse(localStorage.getItem('hearth-signed-in-user') ?? 'null') as { id: string } | null;
        if (user) {
          const name = `hearth-${user.id}`;
          const database = await new Promise<IDBDatabase | null>((resolve) => {
            const opening = indexedDB.open(name);
            // Not there yet: abort rather than create an empty version 1 under Dexie's feet.
            opening.onupgradeneeded = () => opening.transaction?.abort();
            opening.onsuccess = () => resolve(opening.result);
            opening.onerror = () => resolve(null);
          });
          if (database) {
            rows = database.objectStoreNames.contains('posts')
              ? await new Promise<number>((resolve, reject) => {
                  const counting = database.transaction('posts').objectStore('posts').count();
                  counting.onsuccess = () => resolve(counting.result);
                  counting.onerror = () => reject(counting.error);
                })
              : 0;
            database.close();
            if (rows >= count) return performance.now();
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const state = user ? `${rows} posts on the device` : 'nobody signed in on the device';
      throw new Error(`The device did not hold ${count} posts within ${timeoutMs} ms (${state})`);
    },
    { count, timeoutMs: waitTimeoutMs },
  );
}
