/**
 * Live writes (deliverable 4), in the system Chromium against the real server (the production build) on
 * loopback. Two members of one family, each in a browser context of their own, the writer (Grandma) and the reader
 * (her son) on the same screen:
 * - a post shared through the composer on `/`, until the son's feed shows it;
 * - a chat message sent with Enter on `/chat`, until his conversation shows it;
 * - an RSVP on an event's screen (its dialog open on `/events`, Attending and Can't Make It in turn), until his
 *   dialog's "Coming (n)" count changes.
 * Each round is timed from Date.now() in the writer's page right before the click (or the Enter keydown) to
 * Date.now() in the reader's page at the DOM mutation that shows it (a MutationObserver); both read the machine's
 * clock. 30 rounds of each.
 *
 * Baseline, interleaved round by round in the same browser (the same two contexts, a minimal Node server on its own
 * port): the writer's page POSTs a small JSON write, the server keeps it in memory and sends a poke (the new row's
 * id) over server-sent events to the reader's page, which then GETs the rows after the last it has and puts their
 * text in the DOM; timed the same way. That is the shape of Hearth's live path (poke, then pull) with nothing else:
 * no database, no local write, no outbox, no session.
 *
 * Prints p50 / p95 / max for each, the p50 ratio to the baseline rounds run beside it (goal ≤ 2) and the p95 against
 * 100 ms, with the load average. Its waits stretch with the machine's load (page-timing.ts); a write that never shows
 * within them fails the run rather than leaving a round out. Needs `npm run build`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { browserFamily } from './support/browser-family.ts';
import { latencyFigures, loadAverage, milliseconds, percentile } from './support/figures.ts';
import { shareThroughComposer, watchForText } from './support/page-timing.ts';

const rounds = 30;
const p95GoalMs = 100;
const p50RatioGoal = 2;
const eventTitle = 'Sunday lunch';

/** The reader's page of the baseline: on a poke newer than what it has, fetch the rows after it and show them. */
const bareReaderPage = `<!doctype html><title>Reader</title><ul id="rows"></ul><script>
  const list = document.getElementById('rows');
  let last = 0;
  new EventSource('/events').onmessage = async (event) => {
    if (Number(event.data) <= last) return;
    const rows = await (await fetch('/rows?after=' + last)).json();
    for (const row of rows) {
      if (row.id <= last) continue;
      last = row.id;
      const item = document.createElement('li');
      item.textContent = row.text;
      list.append(item);
    }
  };
</script>`;

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

/** The baseline's server: POST /rows keeps a row and pokes every open GET /events; GET /rows?after=id answers. */
async function barePokeThenFetch() {
  const rows: { id: number; text: string }[] = [];
  const streams = new Set<ServerResponse>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://bare');
    if (url.pathname === '/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      response.write(': open\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
    } else if (url.pathname === '/rows' && request.method === 'POST') {
      const { text } = JSON.parse(await bodyOf(request)) as { text: string };
      const row = { id: rows.length + 1, text };
      rows.push(row);
      for (const stream of streams) stream.write(`data: ${row.id}\n\n`);
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: row.id }));
    } else if (url.pathname === '/rows') {
      const after = Number(url.searchParams.get('after') ?? 0);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows.slice(after)));
    } else if (url.pathname === '/reader') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(bareReaderPage);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Writer</title>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      for (const stream of streams) stream.end();
      server.close();
    },
  };
}

/** One baseline round: the writer's page POSTs, the reader's page shows it; milliseconds between the two. */
async function bareRound(writer: Page, reader: Page, text: string): Promise<number> {
  const seen = await watchForText(reader, '#rows li', text);
  const sentAt = await writer.evaluate((text) => {
    const sentAt = Date.now();
    void fetch('/rows', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    return sentAt;
  }, text);
  return (await seen()) - sentAt;
}

/** Types a chat message and presses Enter from inside the page; returns Date.now() right before the keydown. */
async function sendChatMessage(page: Page, text: string): Promise<number> {
  const input = page.getByPlaceholder('Type your message...');
  await input.fill(text);
  return input.evaluate((field) => {
    const sentAt = Date.now();
    // React hears a dispatched keydown like a typed one: the composer's Enter handler submits the form.
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    return sentAt;
  });
}

/** Clicks one of the open event dialog's answers from inside the page; returns Date.now() right before the click. */
function answerEvent(page: Page, answer: string): Promise<number> {
  return page
    .getByRole('dialog')
    .getByRole('button', { name: answer, exact: true })
    .evaluate((button: HTMLButtonElement) => {
      const clickedAt = Date.now();
      button.click();
      return clickedAt;
    });
}

type Write = {
  name: string;
  path: string;
  /** Waits until the screen at `path` is ready for the write (writer) or to show it (reader). */
  ready(page: Page): Promise<void>;
  /** What the reader's screen shows once round `round`'s write reached it: an element and a text in it. */
  shows(round: number): { selector: string; text: string };
  /** Makes round `round`'s write on the writer's screen; answers Date.now() in the page right before the action. */
  write(writer: Page, round: number, text: string): Promise<number>;
};

const writes: Write[] = [
  {
    name: 'post, shared on / until the other feed shows it',
    path: '/',
    ready: (page) => page.getByLabel('Share an update with your family').waitFor(),
    shows: (round) => ({ selector: 'article', text: `Live post ${round}.` }),
    write: (writer, _round, text) => shareThroughComposer(writer, text),
  },
  {
    name: 'chat message, Enter on /chat until the other conversation shows it',
    path: '/chat',
    ready: (page) => page.getByPlaceholder('Type your message...').waitFor(),
    shows: (round) => ({ selector: '[aria-label="Messages"] li', text: `Live message ${round}.` }),
    write: (writer, _round, text) => sendChatMessage(writer, text),
  },
  {
    name: "RSVP in the event's dialog until the other dialog's count changes",
    path: '/events',
    async ready(page) {
      await page.getByRole('button', { name: eventTitle }).click();
      await page
        .getByRole('dialog')
        .getByRole('heading', { name: /^Coming \(/ })
        .waitFor();
    },
    // Grandma alone answers: Attending makes the son's count 1, Can't Make It makes it 0 again.
    shows: (round) => ({ selector: 'dialog section[aria-label="Coming"] h3', text: `Coming (${round % 2})` }),
    write: (writer, round) => answerEvent(writer, round % 2 === 1 ? 'Attending' : "Can't Make It"),
  },
];

const hearth = await startHearth();
const browser = await chromium.launch(chromiumLaunchOptions);
const bare = await barePokeThenFetch();
try {
  const { grandma, son, familyId } = await browserFamily(browser, hearth.url, 'The Live family');
  const created = await grandma.request.post(`/api/families/${familyId}/events`, {
    data: { title: eventTitle, startDate: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString() },
  });
  if (created.status() !== 201) throw new Error(`creating the event answered ${created.status()}`);

  const writer = await grandma.newPage();
  const reader = await son.newPage();
  const bareWriter = await grandma.newPage();
  const bareReader = await son.newPage();
  await bareWriter.goto(bare.url);
  await bareReader.goto(`${bare.url}/reader`);

  const loadBefore = loadAverage();
  const lines: string[] = [];
  let bareRoundNumber = 0;
  for (const each of writes) {
    for (const page of [writer, reader]) {
      await page.goto(each.path);
      await each.ready(page);
    }
    const hearthTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const hearthRound = async () => {
        const { selector, text } = each.shows(round);
        const seen = await watchForText(reader, selector, text);
        const at = await each.write(writer, round, text);
        hearthTimes.push((await seen()) - at);
      };
      const baseline = async () => {
        bareRoundNumber += 1;
        bareTimes.push(await bareRound(bareWriter, bareReader, `Bare row ${bareRoundNumber}.`));
      };
      // Alternating which goes first, so neither always follows the other's leftover work.
      if (round % 2 === 1) {
        await hearthRound();
        await baseline();
      } else {
        await baseline();
        await hearthRound();
      }
    }
    const ratio = percentile(hearthTimes, 50) / percentile(bareTimes, 50);
    const p95 = percentile(hearthTimes, 95);
    lines.push(
      `${each.name}:`,
      `  Hearth:   ${latencyFigures(hearthTimes)}  (rounds: ${milliseconds(hearthTimes)})`,
      `  baseline: ${latencyFigures(bareTimes)}  (rounds: ${milliseconds(bareTimes)})`,
      `  p50 ratio ${ratio.toFixed(2)} (goal ≤ ${p50RatioGoal}: ${ratio <= p50RatioGoal ? 'met' : 'MISSED'}), ` +
        `p95 ${p95.toFixed(0)} ms (goal ≤ ${p95GoalMs} ms: ${p95 <= p95GoalMs ? 'met' : 'MISSED'})`,
    );
  }
  console.log(
    `Live writes on loopback, two members in their own browser contexts, ${rounds} rounds each, interleaved with a ` +
      `bare poke-then-fetch round trip in the same browser (load average ${loadBefore} before, ${loadAverage()} after):`,
  );
  for (const line of lines) console.log(line);
} finally {
  bare.close();
  await browser.close();
  await hearth.stop();
}
