import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';

const context = useTestApp();

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

async function addEvent(device: TestDevice, familyId: string, title: string) {
  const eventId = randomUUID();
  const args = {
    eventId,
    familyId,
    title,
    description: null,
    location: null,
    startDate: inDays(5),
    endDate: null,
    timeZone: 'Europe/London',
    allDay: false,
  };
  const { results } = await device.send({ name: 'event.create', args });
  expect(results[0]?.status).toBe('applied');
  return eventId;
}

describe('the calendar address', () => {
  it('lists every event and birthday of the person’s families, for whoever holds the address, until it changes', async () => {
    const grandma = await signUp(context.app);
    const son = await signUp(context.app);
    const grandmaDevice = new TestDevice(context.app, grandma);
    const { familyId: okafors } = await createFamily(grandmaDevice, 'The Okafors');
    const { familyId: cousins, memberId } = await createFamily(new TestDevice(context.app, son), 'The cousins');
    await addMember(context.sql, okafors, son.user.id);
    await addEvent(grandmaDevice, okafors, 'Sunday lunch');
    await addEvent(new TestDevice(context.app, son), cousins, 'Cousins’ picnic');
    const birthday = await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: grandma.cookie },
      payload: { birthday: '1944-02-29' },
    });
    expect(birthday.statusCode).toBe(200);

    const ask = (account: TestAccount, method: 'GET' | 'POST' | 'DELETE') =>
      context.app.inject({ method, url: '/api/calendar-feed', headers: { cookie: account.cookie } });
    expect((await ask(son, 'GET')).json()).toEqual({ on: false });
    const made = await ask(son, 'POST');
    expect(made.statusCode).toBe(201);
    const address = new URL(made.json<{ url: string }>().url);
    expect((await ask(son, 'GET')).json()).toEqual({ on: true });

    // A calendar fetches it with no cookie at all.
    const fetchFeed = (path = address.pathname) => context.app.inject({ url: path });
    const feed = await fetchFeed();
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toContain('SUMMARY:Sunday lunch');
    expect(feed.body).toContain('SUMMARY:Cousins’ picnic');
    const thisYear = new Date().getUTCFullYear();
    const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    for (const year of [thisYear, thisYear + 1]) {
      expect(feed.body).toContain(`DTSTART;VALUE=DATE:${year}02${leap(year) ? '29' : '28'}`);
    }
    // Her birth year is nowhere; what may hold those digits by chance (usernames, ids, times of day) is taken out.
    const withoutRandomParts = feed.body
      .replaceAll(grandma.username, '')
      .replaceAll(son.username, '')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '')
      .replace(/\d{8}T\d{6}Z/g, '');
    expect(withoutRandomParts).not.toContain('1944');

    // He leaves the cousins: their events leave his calendar.
    await context.sql`delete from family_members where id = ${memberId}`;
    const afterLeaving = await fetchFeed();
    expect(afterLeaving.body).toContain('SUMMARY:Sunday lunch');
    expect(afterLeaving.body).not.toContain('Cousins’ picnic');

    // A wrong token, a mangled one, or one replaced by a new address or turned off is answered as nothing.
    const random = await fetchFeed(`/api/calendar/${'x'.repeat(43)}.ics`);
    expect(random.statusCode).toBe(404);
    expect((await fetchFeed('/api/calendar/..%2F..%2Fetc.ics')).statusCode).toBe(404);
    const renewed = new URL((await ask(son, 'POST')).json<{ url: string }>().url);
    expect((await fetchFeed()).body).toBe(random.body);
    expect((await fetchFeed(renewed.pathname)).statusCode).toBe(200);
    expect((await ask(son, 'DELETE')).statusCode).toBe(204);
    expect((await fetchFeed(renewed.pathname)).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'POST', url: '/api/calendar-feed' })).statusCode).toBe(401);
  });
});
