/**
 * Watching a Hearth device in the system Chromium, for the benchmarks that time what a person sees (device-sync.ts,
 * first-sync.ts): signing a browser context in, when the first post card shows, when the device's database holds
 * the rows it should, how long its pulls were in flight. Functions passed to the page are written without inner
 * named functions: they are sent as source.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** How long a page may take to show or store what a benchmark waits for. */
export const waitTimeoutMs = 60_000;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Each round's figure, as the benches print them: "812, 790, 845". */
export function milliseconds(values: number[]): string {
  return values.map((value) => value.toFixed(0)).join(', ');
}

/** What the init script leaves on the page's window for the benchmark to read. */
export type BenchMarks = { firstArticleMs?: number };
type BenchWindow = Window & { hearthBench?: BenchMarks };

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
 * Init script: records performance.now() (since navigation start) when the first post card enters the DOM. A post
 * card is an `article` named by its author; `/` also arrives with the landing page prerendered for visitors (hidden
 * from a signed-in person), whose articles must not count.
 */
function recordFirstArticle(): void {
  const marks: BenchMarks = {};
  (window as BenchWindow).hearthBench = marks;
  const observer = new MutationObserver(() => {
    if (marks.firstArticleMs === undefined && document.querySelector('article[aria-labelledby^="post-"]')) {
      marks.firstArticleMs = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** A fresh browser context (empty IndexedDB, no service worker) whose pages record their first post card. */
export async function newWatchedContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(recordFirstArticle);
  return context;
}

/** Milliseconds from navigation start until the page's first post card was in the DOM. */
export async function firstArticleMs(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as BenchWindow).hearthBench?.firstArticleMs, undefined, {
    timeout: waitTimeoutMs,
  });
  return (await handle.jsonValue()) as number;
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
          const database = await new Promise<IDBDatabase | null>((resolve) => {
            const opening = indexedDB.open(name);
            // Not there yet: abort rather than create an empty version 1 under Dexie's feet.
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
    { counts, timeoutMs: waitTimeoutMs },
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
