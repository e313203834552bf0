/**
 * The photo frame (docs/decisions/0061-photo-frames.md) on the real server (dist/ must be built) in the system Chromium.
 * 1. Memory over a long run: 2,000 transitions at a short interval (`?every=`, 60 ms) through 30 photos, more than
 *    the two <img> elements and the picture cache hold at once; the JS heap and the DOM node count (CDP
 *    `Performance.getMetrics`, after a forced garbage collection) at the first transition (the baseline of the same
 *    run), after 1,000 and at the end. Goal: flat.
 * 2. A quiet hour: the frame at its real interval (12 s) with nothing new shared, the bytes it receives (Chrome's
 *    encodedDataLength: headers and bodies) over a measured window after its pictures are cached, extrapolated to an
 *    hour linearly; the 5-minute poll (one 304) is measured on its own and added 12 times, since a short window may
 *    hold none.
 * Run: `node --import tsx bench/frame.ts` (FRAME_TRANSITIONS and FRAME_QUIET_SECONDS shorten it).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { benchApi } from './support/api-setup.ts';

const transitions = Number(process.env.FRAME_TRANSITIONS ?? 2_000);
const quietSeconds = Number(process.env.FRAME_QUIET_SECONDS ?? 75);
const photoCount = 30;
const shortEveryMs = 60;

async function send(url: string, init: RequestInit, expected: number): Promise<Response> {
  const response = await fetch(url, init);
  if (response.status !== expected)
    throw new Error(`${init.method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

async function memory(cdp: CDPSession) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return { heapMb: value('JSHeapUsedSize') / 1024 / 1024, nodes: value('Nodes') };
}

/** Transitions so far: how many times an <img> came to the front (counted in the page). */
const shownSoFar = (page: Page) => page.evaluate(() => (window as unknown as { frameShown: number }).frameShown);

const hearth = await startHearth();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const api = benchApi(hearth.url);
  const admin = await api.signUp('frame');
  const json = { 'content-type': 'application/json', cookie: admin.cookie };
  const family = (await (
    await send(`${hearth.url}/api/families`, { method: 'POST', headers: json, body: '{"name":"The Frames"}' }, 201)
  ).json()) as { id: string };
  for (let index = 0; index < photoCount; index += 1) {
    const photoId = randomUUID();
    const bytes = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: (index * 8) % 255, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
    const base = `${hearth.url}/api/families/${family.id}/photos`;
    await send(`${base}/${photoId}/file`, { method: 'POST', headers: { cookie: admin.cookie }, body: form }, 201);
    const body = JSON.stringify({ title: null, imageUrl: `/api/photos/${photoId}/preview` });
    await send(base, { method: 'POST', headers: json, body }, 201);
  }
  const makeLink = async () => {
    const made = await send(
      `${hearth.url}/api/families/${family.id}/frames`,
      { method: 'POST', headers: json, body: '{}' },
      201,
    );
    return ((await made.json()) as { token: string }).token;
  };

  // 1. Memory over 2,000 transitions.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const counter = window as unknown as { frameShown: number };
    counter.frameShown = 0;
    new MutationObserver((changes) => {
      for (const change of changes) {
        if ((change.target as Element).getAttribute('data-front') === 'true') counter.frameShown += 1;
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-front'] });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${hearth.url}/frame?every=${shortEveryMs}#${await makeLink()}`);
  await page.getByTestId('frame-caption').waitFor({ timeout: 30_000 });
  const atStart = await memory(cdp);
  const startedAt = Date.now();
  let atHalf = atStart;
  for (let halfTaken = false; (await shownSoFar(page)) < transitions;) {
    if (!halfTaken && (await shownSoFar(page)) >= transitions / 2) {
      atHalf = await memory(cdp);
      halfTaken = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const atEnd = await memory(cdp);
  const seconds = (Date.now() - startedAt) / 1000;
  const figure = (at: { heapMb: number; nodes: number }) => `${at.heapMb.toFixed(2)} MB heap, ${at.nodes} DOM nodes`;
  console.log(
    `Photo frame, ${await shownSoFar(page)} transitions through ${photoCount} photos at ${shortEveryMs} ms ` +
      `(${seconds.toFixed(0)} s; decoding and the cache read add to each):`,
  );
  console.log(`  start (baseline): ${figure(atStart)}`);
  console.log(`  halfway:          ${figure(atHalf)}`);
  console.log(`  end:              ${figure(atEnd)}`);
  console.log(
    `  change start to end: ${(atEnd.heapMb - atStart.heapMb).toFixed(2)} MB heap, ${atEnd.nodes - atStart.nodes} nodes`,
  );
  await context.close();

  // 2. A quiet hour at the real interval, its pictures cached first.
  const quiet = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const frame = await quiet.newPage();
  await frame.goto(`${hearth.url}/frame?every=200#${await makeLink()}`);
  await frame.getByTestId('frame-caption').waitFor({ timeout: 30_000 });
  await frame.waitForTimeout(photoCount * 400);
  await frame.goto(`${hearth.url}/frame`);
  await frame.getByTestId('frame-caption').waitFor({ timeout: 30_000 });
  await frame.waitForTimeout(3_000);
  const network = await quiet.newCDPSession(frame);
  await network.send('Network.enable');
  // Finished requests count what Chrome saw on the wire; the live stream, never finished, its bytes so far.
  let finished = 0;
  const streamed = new Map<string, number>();
  const asked: string[] = [];
  network.on('Network.requestWillBeSent', (event) => {
    // The pictures' object URLs are read from memory, not the network.
    if (!event.request.url.startsWith('blob:')) asked.push(new URL(event.request.url).pathname);
  });
  network.on('Network.dataReceived', (event) =>
    streamed.set(event.requestId, (streamed.get(event.requestId) ?? 0) + event.dataLength),
  );
  network.on('Network.loadingFinished', (event) => {
    streamed.delete(event.requestId);
    finished += event.encodedDataLength;
  });
  const received = () => finished + [...streamed.values()].reduce((sum, value) => sum + value, 0);
  await frame.waitForTimeout(quietSeconds * 1000);
  const windowBytes = received();
  const windowRequests = asked.splice(0).join(', ') || 'none';
  finished = 0;
  streamed.clear();
  const pollStatus = await frame.evaluate(async () => (await fetch('/api/frame/photos')).status);
  await frame.waitForTimeout(500);
  const pollBytes = received();
  const perHour = (windowBytes * 3600) / quietSeconds + pollBytes * 12;
  console.log(
    `Photo frame at 12 s a photo, nothing new shared: ${windowBytes} bytes in ${quietSeconds} s ` +
      `(requests: ${windowRequests}; the pictures come from its cache; the live stream's heartbeat every 25 s), ` +
      `a 5-minute poll ${pollBytes} bytes (status ${pollStatus} to the page, a 304 on the wire):`,
  );
  console.log(`  about ${(perHour / 1024).toFixed(1)} KB an hour (window × 3600 / ${quietSeconds} s + 12 polls)`);
  await quiet.close();
} finally {
  await browser.close();
  await hearth.stop();
}
