/**
 * "On this day" on a device holding 20,000 posts and 20,000 photos of one family, spread over 10 years, in the system
 * Chromium with its CPU slowed down 4× (CDP `Emulation.setCPUThrottlingRate`). The reader is the home's own
 * (pwa/features/memories/memories-on-this-day.ts) on Hearth's own device database (bench/support/memories-page.ts,
 * bundled with esbuild and served from loopback, as IndexedDB needs an origin). Beside it, in the same run, page and
 * database: the feed's first page of 20 posts (readFamilyPosts, what the home reads anyway), and what reading every
 * row of the family and keeping today's would cost. 9 rounds of the first two, alternating, after one untimed warm-up,
 * then 3 of the last; medians, and the fastest round as the figure least disturbed by a busy machine.
 * Goal (docs/decisions/0056-memories.md): ≤ 50 ms at 4× slowdown.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { median, milliseconds } from './support/figures.ts';

const posts = 20_000;
const photos = 20_000;
const years = 10;
const rounds = 9;
const scanRounds = 3;
const cpuSlowdown = 4;
const goalMs = 50;

const bundled = await build({
  entryPoints: [fileURLToPath(new URL('./support/memories-page.ts', import.meta.url))],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  write: false,
});
const script = bundled.outputFiles[0]!.text;
const server = createServer((request, response) => {
  if (request.url === '/app.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  } else {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><html lang="en"><title>Memories bench</title><script type="module" src="/app.js"></script>');
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => 'memoriesBench' in window);
  const fillStart = Date.now();
  await page.evaluate(([p, f, y]) => window.memoriesBench.fill(p!, f!, y!), [posts, photos, years]);
  const fillMs = Date.now() - fillStart;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

  type Reader = 'memories' | 'feedPage' | 'scan';
  const times: Record<Reader, number[]> = { memories: [], feedPage: [], scan: [] };
  const found: Record<Reader, number> = { memories: 0, feedPage: 0, scan: 0 };
  const measure = async (reader: Reader) => {
    const result = await page.evaluate((name) => window.memoriesBench[name](), reader);
    times[reader].push(result.ms);
    found[reader] = result.found;
  };
  const compared: Reader[] = ['memories', 'feedPage'];
  for (const reader of compared) await page.evaluate((name) => window.memoriesBench[name](), reader);
  for (let round = 0; round < rounds; round += 1) {
    for (const reader of round % 2 === 0 ? compared : [...compared].reverse()) await measure(reader);
  }
  // Last and fewer: reading 40,000 rows leaves garbage whose collection would land in the others' rounds.
  for (let round = 0; round < scanRounds; round += 1) await measure('scan');
  if (found.memories !== found.scan) throw new Error(`memories found ${found.memories}, the scan ${found.scan}`);

  const line = (label: string, reader: Reader) =>
    `  ${label}: median ${median(times[reader]).toFixed(1)} ms, fastest ${Math.min(...times[reader]).toFixed(1)} ms ` +
    `(${milliseconds(times[reader])})`;
  console.log(
    `"On this day" from the device: ${posts} posts and ${photos} photos over ${years} years ` +
      `(filled in ${fillMs} ms), CPU slowed ${cpuSlowdown}×, ${rounds} rounds (the scan ${scanRounds}):`,
  );
  console.log(line(`today's memories (${found.memories} rows, ${years} years)`, 'memories'));
  console.log(line(`baseline, the feed's first 20 posts`, 'feedPage'));
  console.log(line(`every row read and today's kept`, 'scan'));
  const verdict = median(times.memories) <= goalMs ? 'met' : 'NOT met';
  const ratio = median(times.memories) / median(times.feedPage);
  console.log(`  goal ≤ ${goalMs} ms: ${verdict}; ${ratio.toFixed(2)}× the feed's first page in the same run`);
} finally {
  await browser.close();
  server.close();
}
