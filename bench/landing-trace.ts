/**
 * Where a visitor's first load of a public page spends its main thread: a Chromium performance trace of each page
 * (the production build served by the real server, a fresh browser context, a phone-sized viewport, the CPU slowed
 * down 4× through CDP `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile profile does), from navigation until
 * the page has sat loaded for a few seconds. Every long task (> 50 ms on the page's main thread) is printed with
 * the work inside it by source: evaluating a chunk, functions of a chunk (React's work runs in the framework chunk),
 * an inline script of the page, style recalculation, layout, paint, HTML and CSS parsing, garbage collection. The
 * service worker's own thread is summed beside it. Two baselines in the same run separate the machine's load from
 * the page's cause: the same prerendered page without any script (served from dist/ by a small static server) and a
 * bare page of one paragraph. `node --import tsx bench/landing-trace.ts [rounds] [path…]` (default 3 rounds of `/`).
 * Needs `npm run build`.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { prerenderedFileName } from '../sync-server/plugins/static-files.ts';
import { median } from './support/figures.ts';

const [roundsArgument, ...pathArguments] = process.argv.slice(2);
const rounds = Number(roundsArgument ?? 3);
const paths = pathArguments.length > 0 ? pathArguments : ['/'];
const cpuSlowdown = 4;
const longTaskMs = 50;
/** How long the page sits loaded in the trace: the work a load starts after the load event counts too. */
const quietAfterLoadMs = 5000;
const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; stackTrace?: { url: string }[] } };
};

type LongTask = { startMs: number; durationMs: number; bySource: Map<string, number> };
type Trace = { longTasks: LongTask[]; tbtMs: number; serviceWorkerMs: number };

/** The chunk's name without its content hash, or what the page itself runs. */
function scriptName(url: string | undefined, pageUrl: string): string | undefined {
  if (!url) return undefined;
  if (url === pageUrl || url === `${pageUrl}/`) return 'inline script of the page';
  try {
    return `${new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js')}`;
  } catch {
    return url;
  }
}

/** What an event is, when it says what it is; undefined for events that only carry their parent's work. */
function sourceOf(event: TraceEvent, pageUrl: string): string | undefined {
  const data = event.args?.data;
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${scriptName(data?.url, pageUrl) ?? 'script'}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
      return `compile ${scriptName(data?.url, pageUrl) ?? 'script'}`;
    case 'FunctionCall': {
      const name = scriptName(data?.url, pageUrl);
      return name ? `run ${name}` : undefined;
    }
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style recalculation';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'CompositeLayers':
      return 'paint';
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_MC_BACKGROUND_MARKING':
      return 'garbage collection';
    default:
      return undefined;
  }
}

/** The renderer main thread that loaded the page: the one whose trace has the page's navigation. */
function mainThreadOf(events: TraceEvent[], pageUrl: string): { pid: number; tid: number } {
  const commit = events.find(
    (event) =>
      (event.name === 'ParseHTML' || event.name === 'ResourceSendRequest') &&
      (event.args?.data as { url?: string } | undefined)?.url?.startsWith(pageUrl),
  );
  if (commit) return { pid: commit.pid, tid: commit.tid };
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!main) throw new Error('the trace has no renderer main thread');
  return { pid: main.pid, tid: main.tid };
}

function analyse(events: TraceEvent[], pageUrl: string): Trace {
  const { pid, tid } = mainThreadOf(events, pageUrl);
  const serviceWorkerThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'ServiceWorker thread')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const serviceWorkerMs =
    events
      .filter((event) => event.ph === 'X' && event.name === 'RunTask' && serviceWorkerThreads.has(`${event.pid}:${event.tid}`))
      .reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
  const onMain = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const navigationStart =
    events.find((event) => event.name === 'navigationStart' && event.pid === pid)?.ts ?? onMain[0]?.ts ?? 0;
  const longTasks: LongTask[] = [];
  let tbtMs = 0;
  for (let index = 0; index < onMain.length; index += 1) {
    const task = onMain[index]!;
    if (task.name !== 'RunTask' || (task.dur ?? 0) <= longTaskMs * 1000) continue;
    const end = task.ts + task.dur!;
    tbtMs += task.dur! / 1000 - longTaskMs;
    // Self time of each event, laid to the nearest enclosing event that says what it is.
    const bySource = new Map<string, number>();
    const stack: { end: number; source: string; childUs: number; durUs: number }[] = [
      { end, source: 'other (unattributed)', childUs: 0, durUs: task.dur! },
    ];
    const close = (until: number) => {
      while (stack.length > 1 && stack.at(-1)!.end <= until) {
        const done = stack.pop()!;
        bySource.set(done.source, (bySource.get(done.source) ?? 0) + (done.durUs - done.childUs) / 1000);
      }
    };
    let next = index + 1;
    for (; next < onMain.length && onMain[next]!.ts < end; next += 1) {
      const event = onMain[next]!;
      close(event.ts);
      const parent = stack.at(-1)!;
      const eventEnd = Math.min(event.ts + event.dur!, parent.end);
      const durUs = eventEnd - event.ts;
      parent.childUs += durUs;
      stack.push({ end: eventEnd, source: sourceOf(event, pageUrl) ?? parent.source, childUs: 0, durUs });
    }
    close(Number.POSITIVE_INFINITY);
    const root = stack[0]!;
    bySource.set(root.source, (bySource.get(root.source) ?? 0) + (root.durUs - root.childUs) / 1000);
    longTasks.push({ startMs: (task.ts - navigationStart) / 1000, durationMs: task.dur! / 1000, bySource });
    index = next - 1;
  }
  return { longTasks, tbtMs, serviceWorkerMs };
}

const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  '__metadata',
].join(',');

async function traceLoad(browser: Browser, url: string): Promise<Trace> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await browser.startTracing(page, { categories: categories.split(',') });
    await page.goto(url, { waitUntil: 'load' });
    // A measurement window, not a clock for the page: what the load starts within it is counted.
    await page.waitForTimeout(quietAfterLoadMs);
    const buffer = await browser.stopTracing();
    const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    return analyse(traceEvents, url);
  } finally {
    await context.close();
  }
}

/** dist/ as plain files, with the prerendered pages stripped of every script: the page without its app. */
async function staticPages() {
  const types: Record<string, string> = { '.css': 'text/css', '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    try {
      if (path === '/bare') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><html lang="en"><title>Bare</title><p>A bare page.</p></html>');
        return;
      }
      if (path.startsWith('/no-script/')) {
        const page = path.slice('/no-script'.length);
        const html = await readFile(join(distDir, prerenderedFileName(page)), 'utf8');
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(html.replace(/<script[\s\S]*?<\/script>/g, ''));
        return;
      }
      const file = join(distDir, normalize(path));
      if (!file.startsWith(distDir)) throw new Error('outside dist');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function describe(name: string, traces: Trace[]): void {
  const tbts = traces.map((trace) => trace.tbtMs);
  console.log(
    `${name}: TBT median ${median(tbts).toFixed(0)} ms (rounds ${tbts.map((t) => t.toFixed(0)).join(', ')}), ` +
      `service worker thread ${median(traces.map((trace) => trace.serviceWorkerMs)).toFixed(0)} ms`,
  );
  traces.forEach((trace, round) => {
    for (const task of trace.longTasks) {
      const sources = [...task.bySource.entries()]
        .filter(([, ms]) => ms >= 1)
        .sort((a, b) => b[1] - a[1])
        .map(([source, ms]) => `${source} ${ms.toFixed(0)}`)
        .join(', ');
      console.log(`    round ${round + 1}: ${task.durationMs.toFixed(0)} ms at ${task.startMs.toFixed(0)} ms: ${sources}`);
    }
  });
}

console.log(`load average before: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
const hearth = await startHearth();
const statics = await staticPages();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const path of paths) {
    const traces = { hearth: [] as Trace[], noScript: [] as Trace[], bare: [] as Trace[] };
    for (let round = 0; round < rounds; round += 1) {
      traces.hearth.push(await traceLoad(browser, `${hearth.url}${path}`));
      traces.noScript.push(await traceLoad(browser, `${statics.url}/no-script${path}`));
      traces.bare.push(await traceLoad(browser, `${statics.url}/bare`));
    }
    describe(`${path} (Hearth)`, traces.hearth);
    describe(`${path} without its scripts`, traces.noScript);
    describe('bare page', traces.bare);
  }
} finally {
  await browser.close();
  await statics.close();
  await hearth.stop();
}
console.log(`load average after: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
