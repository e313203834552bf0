import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, rejections } from '../../schema/index.ts';
import { rsvpKey } from '../../schema/sync-protocol.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';

const context = useTestApp();

const day = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();

const eventArgs = (overrides: Record<string, unknown> = {}) => ({
  title: 'Sunday lunch',
  description: null,
  location: null,
  startDate: inDays(7),
  endDate: null,
  timeZone: 'Europe/London',
  allDay: false,
  ...overrides,
});

describe('events', () => {
  let grandma: TestAccount;
  let son: TestAccount;
  let grandmaDevice: TestDevice;
  let sonDevice: TestDevice;
  let familyId: string;

  beforeAll(async () => {
    grandma = await signUp(context.app);
    son = await signUp(context.app);
    grandmaDevice = new TestDevice(context.app, grandma);
    sonDevice = new TestDevice(context.app, son);
    ({ familyId } = await createFamily(grandmaDevice, 'The Okafors'));
    await addMember(context.sql, familyId, son.user.id);
  });

  const inject = (account: TestAccount, method: 'GET' | 'POST', url: string, payload?: object) =>
    context.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

  it('lists no events of a family that has none, to its members only', async () => {
    const { familyId: quiet } = await createFamily(grandmaDevice, 'The Quiet Ones');
    const listed = await inject(grandma, 'GET', `/api/families/${quiet}/events`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([]);
    expect((await inject(son, 'GET', `/api/families/${quiet}/events`)).statusCode).toBe(404);
  });

  it('makes an event over the spec’s route, lists it with its maker, and takes and lists answers', async () => {
    const startDate = inDays(3);
    const created = await inject(grandma, 'POST', `/api/families/${familyId}/events`, {
      title: 'Grandpa’s 80th',
      description: '<b>Bring</b> photos',
      startDate,
      endDate: '',
      location: 'The garden',
      familyId,
    });
    expect(created.statusCode).toBe(201);
    const event = created.json();
    expect(event).toMatchObject({
      familyId,
      createdById: grandma.user.id,
      title: 'Grandpa’s 80th',
      description: '<b>Bring</b> photos',
      startDate,
      endDate: null,
      location: 'The garden',
      timeZone: 'UTC',
      allDay: false,
      createdBy: { id: grandma.user.id },
    });

    const listed = await inject(son, 'GET', `/api/families/${familyId}/events`);
    expect(listed.json().map((each: { id: string }) => each.id)).toContain(event.id);

    const answer = await inject(son, 'POST', `/api/events/${event.id}/rsvp`, { status: 'attending' });
    expect(answer.json()).toEqual({ eventId: event.id, userId: son.user.id, status: 'attending' });
    const answers = await inject(grandma, 'GET', `/api/events/${event.id}/rsvps`);
    expect(answers.json()).toEqual([{ eventId: event.id, userId: son.user.id, status: 'attending' }]);

    // Devices get the event and the answer as synced rows.
    await grandmaDevice.pullAll();
    expect(grandmaDevice.rows.get(`events/${event.id}`)).toMatchObject({ title: 'Grandpa’s 80th', startDate });
    expect(grandmaDevice.rows.get(`rsvps/${rsvpKey({ eventId: event.id, userId: son.user.id })}`)).toMatchObject({
      status: 'attending',
      familyId,
    });
  });

  it('refuses what is not an event, with the form’s own sentences, and keeps nothing', async () => {
    const url = `/api/families/${familyId}/events`;
    const cases: [object, string][] = [
      [{ title: 'x'.repeat(201), startDate: inDays(1) }, messages.eventTitleTooLong],
      [{ title: '   ', startDate: inDays(1) }, messages.eventTitleRequired],
      [{ title: 'Lunch' }, messages.startDateRequired],
      [{ title: 'Lunch', startDate: 'next Tuesday' }, messages.startDateInvalid],
      [{ title: 'Lunch', startDate: '10000-01-01T00:00:00Z' }, messages.startDateInvalid],
      [{ title: 'Lunch', startDate: inDays(2), endDate: inDays(1) }, messages.endBeforeStart],
      [{ title: 'Lunch', startDate: inDays(2), timeZone: 'Mars/Olympus' }, 'Must be a time zone such as Europe/London'],
    ];
    const [before] = await context.sql`select count(*)::int as count from events`;
    for (const [payload, message] of cases) {
      const answer = await inject(grandma, 'POST', url, payload);
      expect([answer.statusCode, answer.json().error]).toEqual([400, message]);
    }
    const elsewhere = await inject(grandma, 'POST', url, {
      title: 'Lunch',
      startDate: inDays(1),
      familyId: randomUUID(),
    });
    expect(elsewhere.statusCode).toBe(400);
    const [after] = await context.sql`select count(*)::int as count from events`;
    expect(after).toEqual(before);

    const { results } = await grandmaDevice.send({
      name: 'event.create',
      args: { eventId: randomUUID(), familyId, ...eventArgs({ endDate: inDays(1), startDate: inDays(2) }) },
    });
    expect(results[0]).toMatchObject({ status: 'rejected', reason: rejections.invalid(messages.endBeforeStart) });
    const eventId = randomUUID();
    await grandmaDevice.send({ name: 'event.create', args: { eventId, familyId, ...eventArgs() } });
    const maybe = await inject(son, 'POST', `/api/events/${eventId}/rsvp`, { status: 'maybe' });
    expect(maybe.statusCode).toBe(400);
  });

  it('lets only its maker or an admin change or delete an event, and closes answers when it starts', async () => {
    const grandmas = randomUUID();
    const sons = randomUUID();
    const started = randomUUID();
    await grandmaDevice.send(
      { name: 'event.create', args: { eventId: grandmas, familyId, ...eventArgs() } },
      { name: 'event.create', args: { eventId: started, familyId, ...eventArgs({ startDate: inDays(-1) }) } },
    );
    await sonDevice.send({ name: 'event.create', args: { eventId: sons, familyId, ...eventArgs({ title: 'Mine' }) } });

    const edit = await sonDevice.send({
      name: 'event.update',
      args: { eventId: grandmas, ...eventArgs({ title: 'No' }) },
    });
    expect(edit.results[0]).toMatchObject({ status: 'rejected', reason: rejections.notYourEvent });
    const removal = await sonDevice.send({ name: 'event.delete', args: { eventId: grandmas } });
    expect(removal.results[0]).toMatchObject({ status: 'rejected', reason: rejections.notAllowedToDelete });

    // An all-day event of today is still today somewhere for a while: answers stay open until its day is over everywhere.
    const today = randomUUID();
    const midnight = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    await grandmaDevice.send({
      name: 'event.create',
      args: { eventId: today, familyId, ...eventArgs({ allDay: true, startDate: midnight }) },
    });
    const onTheDay = await sonDevice.send({ name: 'event.rsvp', args: { eventId: today, status: 'attending' } });
    expect(onTheDay.results[0]?.status).toBe('applied');

    const late = await sonDevice.send({ name: 'event.rsvp', args: { eventId: started, status: 'attending' } });
    expect(late.results[0]).toMatchObject({ status: 'rejected', reason: rejections.eventStarted });
    expect((await inject(son, 'POST', `/api/events/${started}/rsvp`, { status: 'attending' })).statusCode).toBe(409);

    // Grandma is the family's admin: she may change and delete her son's event; his answer goes with it.
    await sonDevice.send({ name: 'event.rsvp', args: { eventId: sons, status: 'not_attending' } });
    await sonDevice.pullAll();
    const answerKey = `rsvps/${rsvpKey({ eventId: sons, userId: son.user.id })}`;
    expect(sonDevice.rows.get(answerKey)).toMatchObject({ status: 'not_attending' });
    const renamed = await grandmaDevice.send({
      name: 'event.update',
      args: { eventId: sons, ...eventArgs({ title: 'Ours' }) },
    });
    expect(renamed.results[0]?.status).toBe('applied');
    const deleted = await grandmaDevice.send({ name: 'event.delete', args: { eventId: sons } });
    expect(deleted.results[0]?.status).toBe('applied');
    await sonDevice.pullAll();
    expect(sonDevice.rows.has(`events/${sons}`)).toBe(false);
    expect(sonDevice.rows.has(answerKey)).toBe(false);

    // Add to calendar: the same UID each time, a higher SEQUENCE after a change, times as UTC instants.
    const calendarOf = async () => (await inject(son, 'GET', `/api/events/${grandmas}/calendar.ics`)).body;
    const first = await calendarOf();
    expect(first).toContain(`UID:${grandmas}@hearth`);
    expect(first).toContain('SUMMARY:Sunday lunch');
    const start = eventArgs().startDate;
    expect(first).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(first).toContain(`DTSTART:${start.slice(0, 4)}`);
    const sequence = (file: string) => Number(/SEQUENCE:(\d+)/.exec(file)?.[1]);
    await grandmaDevice.send({
      name: 'event.update',
      args: { eventId: grandmas, ...eventArgs({ title: 'Lunch moved' }) },
    });
    const second = await calendarOf();
    expect(second).toContain(`UID:${grandmas}@hearth`);
    expect(second).toContain('SUMMARY:Lunch moved');
    expect(sequence(second)).toBeGreaterThan(sequence(first));
    const allDayId = randomUUID();
    await grandmaDevice.send({
      name: 'event.create',
      args: { eventId: allDayId, familyId, ...eventArgs({ allDay: true, startDate: '2027-05-03T00:00:00.000Z' }) },
    });
    const birthday = (await inject(son, 'GET', `/api/events/${allDayId}/calendar.ics`)).body;
    expect(birthday).toContain('DTSTART;VALUE=DATE:20270503');
    expect(birthday).toContain('DTEND;VALUE=DATE:20270504');

    const afterwards = await sonDevice.send({ name: 'event.rsvp', args: { eventId: sons, status: 'attending' } });
    expect(afterwards.results[0]).toMatchObject({ status: 'rejected', reason: rejections.eventNotFound });
    expect((await inject(son, 'POST', `/api/events/${sons}/rsvp`, { status: 'attending' })).statusCode).toBe(404);
  });
});
