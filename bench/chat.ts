/**
 * Chat, in the system Chromium against the real server (the production build) on loopback, two people in
 * one family, each in their own browser context with /chat open:
 * - 100 messages, one at a time: from Enter on one screen to the text on the other (p50 / p95 / max), beside a bare
 *   server-sent-event round trip in the same browser (a POST to a minimal Node server that sends it on an open
 *   EventSource of another page): the floor the browser and loopback set.
 * - 50 messages written offline, then the connection back: until the other screen shows all 50.
 * - An idle open chat: the bytes the page sends and receives in 5 minutes (the live channel's heartbeats), plus one
 *   pull with nothing new (what the engine makes every `livePullMs` with the channel open) times how many an hour
 *   makes; beside the spec's way (GET the messages every 3 s) for the same family in the same run.
 * Needs `npm run build`.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { browserFamily } from './support/browser-family.ts';
import { latencyFigures } from './support/figures.ts';
import { livePullMs } from '../schema/sync-protocol.ts';

const messages = 100;
const burst = 50;
const idleMs = 5 * 60 * 1000;
const pollingMs = 60 * 1000;

/** Records, in the page, when each message text first shows in the conversation (Date.now(), one clock for all). */
async function watchArrivals(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = new Map<string, number>();
    (window as unknown as { arrivals: Map<string, number> }).arrivals = seen;
    // No named functions in here: the bundler would wrap them in a helper the page does not have.
    new MutationObserver(() => {
      for (const bubble of document.querySelectorAll('[aria-label="Messages"] li p')) {
        const text = bubble.firstChild?.textContent ?? '';
        if (text.startsWith('bench:') && !seen.has(text)) seen.set(text, Date.now());
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

const arrivalOf = (page: Page, text: string) =>
  page
    .waitForFunction((wanted) => (window as unknown as { arrivals: Map<string, number> }).arrivals.get(wanted), text, {
      polling: 'raf',
      timeout: 30_000,
    })
    .then((handle) => handle.jsonValue() as Promise<number>);

async function send(page: Page, text: string): Promise<number> {
  const input = page.getByPlaceholder('Type your message...');
  await input.fill(text);
  const sentAt = Date.now();
  await input.press('Enter');
  return sentAt;
}

/** A minimal SSE relay: POST /say sends its body as an event to every open GET /events. */
async function bareRelay() {
  const streams = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Relay</title>');
      return;
    }
    if (request.url === '/events') {
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      response.write(': open\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      for (const stream of streams) stream.write(`data: ${body}\n\n`);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Bytes a page sends and receives (headers and bodies, as Chromium counts them) while `during` runs. */
async function countBytes(session: CDPSession, during: () => Promise<void>) {
  let received = 0;
  let sent = 0;
  const onData = ({ encodedDataLength }: { encodedDataLength: number }) => (received += encodedDataLength);
  const onResponse = ({ headersText }: { headersText?: string }) => (received += headersText?.length ?? 0);
  const onRequest = ({ headers }: { headers: Record<string, string> }) =>
    (sent += Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0));
  const onWillSend = ({ request }: { request: { url: string; postData?: string } }) =>
    (sent += request.url.length + 16 + (request.postData?.length ?? 0));
  session.on('Network.dataReceived', onData);
  session.on('Network.responseReceivedExtraInfo', onResponse);
  session.on('Network.requestWillBeSentExtraInfo', onRequest);
  session.on('Network.requestWillBeSent', onWillSend);
  await during();
  session.off('Network.dataReceived', onData);
  session.off('Network.responseReceivedExtraInfo', onResponse);
  session.off('Network.requestWillBeSentExtraInfo', onRequest);
  session.off('Network.requestWillBeSent', onWillSend);
  return { received, sent };
}

const hearth = await startHearth();
const browser = await chromium.launch(chromiumLaunchOptions);
const relay = await bareRelay();
try {
  const { grandma, son, familyId } = await browserFamily(browser, hearth.url, 'The Bench family');

  const grandmaPage = await grandma.newPage();
  const sonPage = await son.newPage();
  // Counting from before the page opens: Chromium reports a stream's bytes only for requests it saw start.
  const session = await son.newCDPSession(sonPage);
  await session.send('Network.enable');
  for (const page of [grandmaPage, sonPage]) {
    await page.goto('/chat');
    await page.getByPlaceholder('Type your message...').waitFor();
    await watchArrivals(page);
  }

  // The floor: a bare SSE round trip between two pages of the same browser (on the relay's own origin).
  const bareTimes: number[] = [];
  const [sayPage, hearPage] = [await grandma.newPage(), await son.newPage()];
  for (const page of [sayPage, hearPage]) await page.goto(relay.url);
  await hearPage.evaluate(() => {
    const source = new EventSource('/events');
    const got = new Map<string, number>();
    (window as unknown as { bare: Map<string, number> }).bare = got;
    source.onmessage = (event) => got.set(String(event.data), Date.now());
  });
  await hearPage.waitForTimeout(300);
  for (let index = 0; index < messages; index += 1) {
    const text = `bare ${index}`;
    const sentAt = Date.now();
    await sayPage.evaluate((body) => fetch('/say', { method: 'POST', body }), text);
    const arrived = await hearPage
      .waitForFunction((wanted) => (window as unknown as { bare: Map<string, number> }).bare.get(wanted), text, {
        polling: 'raf',
      })
      .then((handle) => handle.jsonValue() as Promise<number>);
    bareTimes.push(arrived - sentAt);
  }
  await Promise.all([sayPage.close(), hearPage.close()]);

  // One at a time: Enter on Grandma's screen to the text on her son's.
  const chatTimes: number[] = [];
  for (let index = 0; index < messages; index += 1) {
    const text = `bench: message ${index}`;
    const sentAt = await send(grandmaPage, text);
    chatTimes.push((await arrivalOf(sonPage, text)) - sentAt);
  }

  // 50 written on a plane, then the connection back.
  await son.setOffline(true);
  for (let index = 0; index < burst; index += 1) await send(sonPage, `bench: from the plane ${index}`);
  const online = Date.now();
  await son.setOffline(false);
  await sonPage.evaluate(() => window.dispatchEvent(new Event('online')));
  const allThere = await arrivalOf(grandmaPage, `bench: from the plane ${burst - 1}`);
  const order = await grandmaPage.evaluate(() =>
    [...document.querySelectorAll('[aria-label="Messages"] li p')]
      .map((bubble) => bubble.firstChild?.textContent ?? '')
      .filter((text) => text.startsWith('bench: from the plane')),
  );
  const inOrder = order.every((text, index) => text === `bench: from the plane ${index}`) && order.length === burst;

  // Idle: nobody writes for a while, the chat open on the son's screen.
  await sonPage.waitForTimeout(2_000);
  const idle = await countBytes(session, () => sonPage.waitForTimeout(idleMs));
  // The pull an open channel still makes now and then (a focus on the window asks for the same one).
  const onePull = await countBytes(session, async () => {
    const pulled = sonPage.waitForResponse((response) => response.url().endsWith('/api/sync/pull'));
    await sonPage.evaluate(() => window.dispatchEvent(new Event('focus')));
    await pulled;
    await sonPage.waitForTimeout(500);
  });
  const pullsPerHour = (60 * 60 * 1000) / livePullMs;
  const polling = await countBytes(session, async () => {
    const started = Date.now();
    while (Date.now() - started < pollingMs) {
      await sonPage.evaluate((id) => fetch(`/api/families/${id}/messages`).then((answer) => answer.text()), familyId);
      await sonPage.waitForTimeout(3_000);
    }
  });
  const perHour = (bytes: number, during = idleMs) => ((bytes * (60 * 60 * 1000)) / during / 1024).toFixed(1);

  console.log(`Chat on loopback, two browser contexts, ${messages} messages one at a time:`);
  console.log(`  Enter on one screen to the text on the other: ${latencyFigures(chatTimes)}`);
  console.log(`  bare SSE round trip, same browser:           ${latencyFigures(bareTimes)}`);
  console.log(
    `${burst} messages written offline, then online: all ${burst} on the other screen after ${allThere - online} ms, ${inOrder ? 'in the order written' : `OUT OF ORDER: ${order.join(' | ')}`}`,
  );
  console.log(`An open chat with nothing happening, ${idleMs / 60_000} minutes, per hour (sent + received):`);
  const heartbeats = (idle.sent + idle.received) * ((60 * 60 * 1000) / idleMs);
  const pulls = (onePull.sent + onePull.received) * pullsPerHour;
  console.log(
    `  Hearth: ${((heartbeats + pulls) / 1024).toFixed(1)} KB/hour: heartbeats ${(heartbeats / 1024).toFixed(1)} KB (measured), ${pullsPerHour} pulls of ${((onePull.sent + onePull.received) / 1024).toFixed(2)} KB`,
  );
  console.log(
    `  the spec's 3 s polling of the same ${messages + burst} messages: ${perHour(polling.sent + polling.received, pollingMs)} KB/hour (measured for ${pollingMs / 60_000} minute)`,
  );
} finally {
  relay.close();
  await browser.close();
  await hearth.stop();
}
