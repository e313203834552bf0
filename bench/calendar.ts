/**
 * The calendar address under a phone's calendar: a person in 3 families with 500 events in all fetches
 * their address, one request after another, as calendars do. Printed beside the same server answering the same
 * families' events as JSON (`GET /api/families/:id/events`, the spec's read, for each of the 3), in the same run.
 * The server runs as a person runs it (its own process, the production build). Needs `npm run build`.
 */
import { randomUUID } from 'node:crypto';
import { startHearth } from '../e2e/support/hearth-server.ts';
import { benchApi, type QueuedMutation } from './support/api-setup.ts';

const families = 3;
const events = 500;
const rounds = 60;

const hearth = await startHearth();

/** p50 and p95 of `rounds` sequential timings of `ask`, after a warm-up. */
async function timings(ask: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  for (let warm = 0; warm < 5; warm += 1) await ask();
  const spans: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await ask();
    spans.push(performance.now() - started);
  }
  spans.sort((a, b) => a - b);
  return { p50: spans[Math.floor(rounds * 0.5)]!, p95: spans[Math.floor(rounds * 0.95)]! };
}

try {
  const api = benchApi(hearth.url);
  const person = await api.signUp('calendar');
  const familyIds = Array.from({ length: families }, () => randomUUID());
  const mutations: QueuedMutation[] = familyIds.map((familyId, index) => ({
    name: 'family.create',
    args: { familyId, memberId: randomUUID(), name: `Family ${index + 1}` },
  }));
  const day = 24 * 60 * 60 * 1000;
  for (let index = 0; index < events; index += 1) {
    const start = Date.now() + (index - events / 2) * day;
    mutations.push({
      name: 'event.create',
      args: {
        eventId: randomUUID(),
        familyId: familyIds[index % families]!,
        title: `Event ${index}: lunch at Grandma's`,
        description: index % 3 === 0 ? 'Bring the photo albums, and a cake if you can.' : null,
        location: index % 2 === 0 ? 'The garden, 12 Elm Road' : null,
        startDate: new Date(start).toISOString(),
        endDate: index % 4 === 0 ? new Date(start + 2 * 60 * 60 * 1000).toISOString() : null,
        timeZone: 'Europe/London',
        allDay: index % 10 === 0,
      },
    });
  }
  await api.device(person).push(mutations);
  await fetch(`${hearth.url}/api/auth/user`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie: person.cookie },
    body: JSON.stringify({ birthday: '--05-03' }),
  });
  const made = await fetch(`${hearth.url}/api/calendar-feed`, { method: 'POST', headers: { cookie: person.cookie } });
  const { url } = (await made.json()) as { url: string };

  const feed = await timings(async () => {
    const answer = await fetch(url);
    const text = await answer.text();
    if (answer.status !== 200 || !text.includes('Event 499')) throw new Error(`feed answered ${answer.status}`);
  });
  const json = await timings(async () => {
    for (const familyId of familyIds) {
      const answer = await fetch(`${hearth.url}/api/families/${familyId}/events`, {
        headers: { cookie: person.cookie },
      });
      if (answer.status !== 200) throw new Error(`events answered ${answer.status}`);
      await answer.arrayBuffer();
    }
  });
  console.log(`Calendar address, ${families} families, ${events} events, ${rounds} sequential requests, loopback:`);
  console.log(
    `  the address (iCalendar, all families)      p50 ${feed.p50.toFixed(1)} ms, p95 ${feed.p95.toFixed(1)} ms`,
  );
  console.log(
    `  the 3 families' events as JSON, in turn    p50 ${json.p50.toFixed(1)} ms, p95 ${json.p95.toFixed(1)} ms`,
  );
  console.log(`  ratio at p50 ${(feed.p50 / json.p50).toFixed(2)}`);
} finally {
  await hearth.stop();
}
