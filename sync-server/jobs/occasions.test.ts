import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../database.ts';
import { useTestApp } from '../testing/test-app.ts';
import { addMember, createFamily, signUpPerson, type Person } from '../testing/test-device.ts';
import { tellDueOccasions } from './occasions.ts';

const context = useTestApp();

const person = () => signUpPerson(context.app);

const hour = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

/** What a person has been told, oldest first. */
async function toldTo({ account }: Person) {
  return context.sql<{ type: string; excerpt: string; related_id: string; actor_id: string | null }[]>`
    select type, excerpt, related_id, actor_id from notifications where user_id = ${account.user.id}
    order by created_at, type
  `;
}

describe('event reminders and birthdays', () => {
  let grandma: Person;
  let son: Person;
  let cousin: Person;
  let familyId: string;

  beforeEach(async () => {
    [grandma, son, cousin] = await Promise.all([person(), person(), person()]);
    ({ familyId } = await createFamily(grandma.device, 'The Okonkwos'));
    await addMember(context.sql, familyId, son.account.user.id);
    await addMember(context.sql, familyId, cousin.account.user.id);
  });

  /** An event planned by grandma, as if planned `plannedAt`. */
  async function plan(event: { title: string; startDate: Date; allDay?: boolean; timeZone?: string }, plannedAt: Date) {
    const eventId = randomUUID();
    await grandma.device.send({
      name: 'event.create',
      args: {
        eventId,
        familyId,
        title: event.title,
        description: null,
        location: null,
        startDate: event.startDate.toISOString(),
        endDate: null,
        timeZone: event.timeZone ?? 'UTC',
        allDay: event.allDay ?? false,
      },
    });
    await context.sql`update events set created_at = ${plannedAt} where id = ${eventId}`;
    // Being told of the new event is not what these tests are about.
    await context.sql`delete from notifications where family_id = ${familyId}`;
    return eventId;
  }

  it('reminds everyone but those who cannot come the day before and an hour before, each once', async () => {
    const start = at('2031-03-14T18:00:00Z');
    const eventId = await plan({ title: 'Sunday lunch', startDate: start }, at('2031-03-01T10:00:00Z'));
    await son.device.send({ name: 'event.rsvp', args: { eventId, status: 'not_attending' } });
    await cousin.device.send({ name: 'event.rsvp', args: { eventId, status: 'attending' } });
    await context.sql`delete from notifications where family_id = ${familyId}`;

    expect(await tellDueOccasions(context.sql, new Date(start.getTime() - 25 * hour))).toEqual([]);
    const [change] = await tellDueOccasions(context.sql, new Date(start.getTime() - 23 * hour));
    expect(change).toMatchObject({ familyId });
    // The one who planned it is reminded too; nobody "did" a reminder.
    for (const told of [grandma, cousin]) {
      expect(await toldTo(told)).toEqual([
        { type: 'event_tomorrow', excerpt: 'Sunday lunch', related_id: eventId, actor_id: null },
      ]);
    }
    expect(await toldTo(son)).toEqual([]);
    // Running again, however often, tells nobody twice.
    expect(await tellDueOccasions(context.sql, new Date(start.getTime() - 22 * hour))).toEqual([]);

    await tellDueOccasions(context.sql, new Date(start.getTime() - 30 * 60 * 1000));
    expect((await toldTo(cousin)).map((told) => told.type)).toEqual(['event_tomorrow', 'event_soon']);
    expect(await toldTo(son)).toEqual([]);
    expect(await tellDueOccasions(context.sql, new Date(start.getTime() + 60 * 1000))).toEqual([]);
    expect(await toldTo(grandma)).toHaveLength(2);
  });

  it('says no "tomorrow" of an event planned within the day, and tells a moved event again', async () => {
    const start = at('2031-04-02T19:00:00Z');
    const eventId = await plan({ title: 'Pizza tonight', startDate: start }, at('2031-04-02T08:00:00Z'));
    await tellDueOccasions(context.sql, at('2031-04-02T12:00:00Z'));
    expect(await toldTo(son)).toEqual([]);
    await tellDueOccasions(context.sql, at('2031-04-02T18:05:00Z'));
    expect((await toldTo(son)).map((told) => told.type)).toEqual(['event_soon']);

    // Moved to the next evening: a new time, new reminders.
    await context.sql`update events set start_date = ${at('2031-04-03T19:00:00Z')} where id = ${eventId}`;
    await tellDueOccasions(context.sql, at('2031-04-03T18:05:00Z'));
    expect((await toldTo(son)).map((told) => told.type)).toEqual(['event_soon', 'event_soon']);
  });

  it("reminds of an all-day event at 9:00 the day before where it happens, and obeys the person's setting", async () => {
    // 20 July in Oslo (UTC+2 in summer): the reminder comes at 9:00 on 19 July there, 07:00 UTC.
    await plan(
      { title: 'Midsummer picnic', startDate: at('2031-07-20T00:00:00Z'), allDay: true, timeZone: 'Europe/Oslo' },
      at('2031-07-01T10:00:00Z'),
    );
    await context.sql`
      insert into user_settings (user_id, event_reminders) values (${cousin.account.user.id}, false)
      on conflict (user_id) do update set event_reminders = false
    `;
    await tellDueOccasions(context.sql, at('2031-07-19T06:59:00Z'));
    expect(await toldTo(son)).toEqual([]);
    await tellDueOccasions(context.sql, at('2031-07-19T07:01:00Z'));
    expect((await toldTo(son)).map((told) => told.type)).toEqual(['event_tomorrow']);
    expect(await toldTo(cousin)).toEqual([]);
    // An all-day event has no "in an hour".
    await tellDueOccasions(context.sql, at('2031-07-19T23:30:00Z'));
    expect(await toldTo(son)).toHaveLength(1);
  });

  it('reminds of an all-day event in a zone PostgreSQL does not know as if in UTC, without failing the others', async () => {
    const eventId = await plan(
      { title: 'Harvest supper', startDate: at('2031-09-20T00:00:00Z'), allDay: true },
      at('2031-09-01T10:00:00Z'),
    );
    // A zone the browser knew when the event was written and this PostgreSQL's time zone data does not.
    await context.sql`update events set time_zone = 'Mars/Olympus_Mons' where id = ${eventId}`;
    await plan({ title: 'Sunday lunch', startDate: at('2031-09-20T12:00:00Z') }, at('2031-09-01T10:00:00Z'));
    await tellDueOccasions(context.sql, at('2031-09-19T08:59:00Z'));
    expect((await toldTo(son)).map((told) => told.excerpt)).toEqual([]);
    await tellDueOccasions(context.sql, at('2031-09-19T12:01:00Z'));
    expect((await toldTo(son)).map((told) => told.excerpt).sort()).toEqual(['Harvest supper', 'Sunday lunch']);
  });

  it('tells a birthday on its day from 8:00 where each member is, once a year, and 29 February on the 28th', async () => {
    await context.sql`update users set birthday = '1990-06-11' where id = ${son.account.user.id}`;
    // Grandma's phone is in Kiribati (UTC+14), the cousin's laptop says nothing (UTC then).
    grandma.device.timeZone = 'Pacific/Kiritimati';
    await grandma.device.pull();

    await tellDueOccasions(context.sql, at('2031-06-10T17:00:00Z')); // 07:00 on 11 June in Kiribati
    expect(await toldTo(grandma)).toEqual([]);
    await tellDueOccasions(context.sql, at('2031-06-10T18:30:00Z')); // 08:30 there
    expect(await toldTo(grandma)).toEqual([
      { type: 'birthday', excerpt: '', related_id: son.account.user.id, actor_id: son.account.user.id },
    ]);
    expect(await toldTo(cousin)).toEqual([]);
    await tellDueOccasions(context.sql, at('2031-06-11T08:30:00Z'));
    expect(await toldTo(cousin)).toHaveLength(1);
    expect(await toldTo(grandma)).toHaveLength(1);
    expect(await toldTo(son)).toEqual([]);

    await context.sql`update users set birthday = '1948-02-29' where id = ${grandma.account.user.id}`;
    await tellDueOccasions(context.sql, at('2031-02-28T12:00:00Z'));
    expect((await toldTo(son)).map((told) => told.type)).toEqual(['birthday']);
  });

  it('keeps a time zone PostgreSQL does not know from reaching the database', async () => {
    son.device.timeZone = 'Mars/Olympus_Mons';
    await son.device.pull();
    const [device] = await context.sql`select time_zone from sync_devices where id = ${son.device.id}`;
    expect(device).toEqual({ time_zone: null });
  });

  // Two connections need a real PostgreSQL (the embedded one has a single connection).
  it.skipIf(!process.env.DATABASE_URL)('tells each person once when two instances run at the same moment', async () => {
    const start = at('2031-09-09T12:00:00Z');
    await plan({ title: 'Harvest', startDate: start }, at('2031-09-01T12:00:00Z'));
    const otherInstance = connect(context.databaseUrl, 2);
    try {
      const now = new Date(start.getTime() - 20 * hour);
      await Promise.all([
        tellDueOccasions(context.sql, now),
        tellDueOccasions(otherInstance, now),
        tellDueOccasions(context.sql, now),
      ]);
    } finally {
      await otherInstance.end();
    }
    for (const member of [grandma, son, cousin]) expect(await toldTo(member)).toHaveLength(1);
  });
});

describe('memories from this day', () => {
  let grandma: Person;
  let son: Person;
  let familyId: string;

  beforeEach(async () => {
    [grandma, son] = await Promise.all([person(), person()]);
    ({ familyId } = await createFamily(grandma.device, 'The Okonkwos'));
    await addMember(context.sql, familyId, son.account.user.id);
  });

  /** A post grandma shares, back-dated to `writtenAt`. */
  async function remember(content: string, writtenAt: Date, inFamily = familyId) {
    const postId = randomUUID();
    await grandma.device.send({ name: 'post.create', args: { postId, familyId: inFamily, content } });
    await context.sql`update posts set created_at = ${writtenAt} where id = ${postId}`;
    // Being told of the new post is not what these tests are about.
    await context.sql`delete from notifications`;
  }

  it('tells each member once a day from 8:00 where they are, when the family shared something on this date', async () => {
    // 3 December both in UTC and in Kiribati (UTC+14).
    await remember('First snow at the cabin', at('2028-12-03T02:00:00Z'));
    grandma.device.timeZone = 'Pacific/Kiritimati';
    await grandma.device.pull();

    await tellDueOccasions(context.sql, at('2031-12-02T17:00:00Z')); // 07:00 on 3 December in Kiribati
    expect(await toldTo(grandma)).toEqual([]);
    await tellDueOccasions(context.sql, at('2031-12-02T18:30:00Z')); // 08:30 there
    expect(await toldTo(grandma)).toEqual([{ type: 'memories', excerpt: '', related_id: familyId, actor_id: null }]);
    expect(await toldTo(son)).toEqual([]);

    await tellDueOccasions(context.sql, at('2031-12-03T08:30:00Z'));
    await tellDueOccasions(context.sql, at('2031-12-03T20:00:00Z'));
    expect(await toldTo(son)).toHaveLength(1);
    expect(await toldTo(grandma)).toHaveLength(1);
  });

  it('says nothing on a day with nothing to remember, nor of what was shared this year', async () => {
    await remember('Pancakes', at('2031-03-05T09:00:00Z'));
    await remember('Some other day', at('2029-03-06T09:00:00Z'));
    await tellDueOccasions(context.sql, at('2031-03-05T12:00:00Z'));
    expect(await toldTo(son)).toEqual([]);
  });

  it('tells nobody who turned memories off or muted the family, and once a day across families', async () => {
    const { familyId: otherFamilyId } = await createFamily(grandma.device, 'The Adeyemis');
    await addMember(context.sql, otherFamilyId, son.account.user.id);
    await remember('Wedding day', at('2027-08-14T12:00:00Z'));
    await remember('Picnic', at('2029-08-14T12:00:00Z'), otherFamilyId);
    await context.sql`
      insert into user_settings (user_id, memories) values (${grandma.account.user.id}, false)
      on conflict (user_id) do update set memories = false
    `;
    // Both families have memories today; the son muted the one that would be told first.
    const [first, second] = [familyId, otherFamilyId].sort();
    await context.sql`
      insert into user_settings (user_id, muted_family_ids) values (${son.account.user.id}, ${[first!]})
      on conflict (user_id) do update set muted_family_ids = ${[first!]}
    `;

    await tellDueOccasions(context.sql, at('2031-08-14T09:00:00Z'));
    await tellDueOccasions(context.sql, at('2031-08-14T10:00:00Z'));

    expect(await toldTo(grandma)).toEqual([]);
    expect(await toldTo(son)).toEqual([{ type: 'memories', excerpt: '', related_id: second, actor_id: null }]);
  });
});
