import { randomBytes, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { historyChangedSchema, rejections } from '../schema/index.ts';
import { connect } from './database.ts';
import { runMigrations } from './migrate.ts';
import { currentEpoch } from './repositories/sync-history-repository.ts';
import { startNewSyncHistory } from './sync-history.ts';
import { signUp, useTestApp } from './testing/test-app.ts';
import { addMember, createFamily, TestDevice } from './testing/test-device.ts';

const context = useTestApp();

async function newDevice() {
  return new TestDevice(context.app, await signUp(context.app));
}

describe("the server's history", () => {
  it('keeps its epoch while the database stays where it is, and says it in every push and pull', async () => {
    const epoch = await currentEpoch(context.sql);
    await runMigrations(context.sql);
    expect(await currentEpoch(context.sql)).toBe(epoch);

    const device = await newDevice();
    await createFamily(device);
    expect(device.epoch).toBe(epoch);
    expect((await device.pull()).epoch).toBe(epoch);
  });

  it('answers a device that synced with another history 409, with its watermark here, and does nothing', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    await device.pullAll();
    device.epoch = randomUUID();

    const postId = randomUUID();
    const push = await device.postPush(
      device.queue({ name: 'post.create', args: { postId, familyId, content: 'From another history' } }),
    );
    expect(push.statusCode).toBe(409);
    const answer = historyChangedSchema.parse(push.json());
    expect(answer).toEqual({ error: expect.any(String), epoch: await currentEpoch(context.sql), lastAppliedSeq: 1 });
    const posts = await context.sql`select 1 from posts where id = ${postId}`;
    expect(posts).toHaveLength(0);

    const pull = await device.postPull();
    expect(pull.statusCode).toBe(409);
    expect(pull.json()).toMatchObject({ epoch: answer.epoch, lastAppliedSeq: 1 });
  });

  it('answers a push naming no history 409 and applies nothing: one delayed past a restore cannot land', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    // Written before the device heard any epoch, held on the way, and arriving in a history begun since.
    await context.sql.begin((tx) => startNewSyncHistory(tx));
    const postId = randomUUID();
    const late = device.queue({ name: 'post.create', args: { postId, familyId, content: 'Sent before any answer' } });

    const push = await device.postPush(late, { epoch: null });
    expect(push.statusCode).toBe(409);
    expect(historyChangedSchema.parse(push.json())).toMatchObject({
      epoch: await currentEpoch(context.sql),
      lastAppliedSeq: 1,
    });
    expect(await context.sql`select 1 from posts where id = ${postId}`).toHaveLength(0);
    // A pull naming none is answered: it applies nothing, and tells the device the epoch.
    expect((await device.postPull()).statusCode).toBe(409);
    device.epoch = null;
    expect((await device.pull()).epoch).toBe(await currentEpoch(context.sql));
  });

  it('begins a new history when the operator says the database was restored in place', async () => {
    const before = await currentEpoch(context.sql);
    await context.sql.begin((tx) => startNewSyncHistory(tx));
    expect(await currentEpoch(context.sql)).not.toBe(before);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'begins a new history in a copy of the database, as a restored backup is',
    async () => {
      const original = await currentEpoch(context.sql);
      // A copy made the way a restore makes one: a new database with the same contents.
      const copyName = `hearth_copy_${randomBytes(6).toString('hex')}`;
      const source = new URL(context.databaseUrl).pathname.slice(1);
      const admin = connect(process.env.DATABASE_URL!, 1);
      // A template may have no connections: this file's pool reconnects when it is next used.
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${source}`;
      await admin`create database ${admin(copyName)} template ${admin(source)}`;
      const copyUrl = new URL(context.databaseUrl);
      copyUrl.pathname = `/${copyName}`;
      const copy = connect(copyUrl.href, 1);
      try {
        expect(await currentEpoch(copy)).toBe(original);
        await runMigrations(copy);
        expect(await currentEpoch(copy)).not.toBe(original);
        await runMigrations(copy);
        expect(await currentEpoch(copy)).not.toBe(original);
      } finally {
        await copy.end();
        await admin`drop database if exists ${admin(copyName)} with (force)`;
        await admin.end();
      }
    },
  );
});

/**
 * A database put back in time with every mark it has (a file-system snapshot in place): the devices that saw more
 * than it holds tell it (docs/decisions/0050-devices-witness-a-database-put-back.md). Here the database goes back by
 * hand; restore.test.ts puts a real snapshot back.
 */
describe('devices as witnesses of a database put back in time', () => {
  // The history has stood for a while: a device's word may end it (a younger one is the last test's).
  beforeEach(async () => {
    await context.sql`update sync_history set started_at = now() - interval '2 hours'`;
  });

  async function deviceInFamily() {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    await device.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Seen by the device' } });
    await device.pullAll();
    return { device, familyId };
  }

  it('begins a new history when a device holds a family version beyond the family’s', async () => {
    const { device, familyId } = await deviceInFamily();
    const epoch = await currentEpoch(context.sql);
    await context.sql`update families set version = version - 1 where id = ${familyId}`;

    const pull = await device.postPull();
    expect(pull.statusCode).toBe(409);
    const answer = historyChangedSchema.parse(pull.json());
    expect(answer.epoch).not.toBe(epoch);
    expect(answer).toEqual({ error: expect.any(String), epoch: await currentEpoch(context.sql), lastAppliedSeq: 2 });
  });

  it('begins a new history when a device heard a seq answered that the database no longer records', async () => {
    const { device, familyId } = await deviceInFamily();
    const epoch = await currentEpoch(context.sql);
    await context.sql`update sync_devices set last_applied_seq = 1 where id = ${device.id}`;

    const postId = randomUUID();
    const push = await device.postPush(
      device.queue({ name: 'post.create', args: { postId, familyId, content: 'After the snapshot' } }),
    );
    expect(push.statusCode).toBe(409);
    expect(historyChangedSchema.parse(push.json())).toMatchObject({ lastAppliedSeq: 1 });
    expect(await currentEpoch(context.sql)).not.toBe(epoch);
    expect(await context.sql`select 1 from posts where id = ${postId}`).toHaveLength(0);
  });

  it('lets a device the server let go of start over alone: its word proves nothing of the rest', async () => {
    const { device } = await deviceInFamily();
    const epoch = await currentEpoch(context.sql);
    await context.sql`delete from sync_devices where id = ${device.id}`;

    const pull = await device.postPull();
    expect(pull.statusCode).toBe(409);
    expect(historyChangedSchema.parse(pull.json())).toMatchObject({ epoch, lastAppliedSeq: 0 });
    expect(await currentEpoch(context.sql)).toBe(epoch);
  });

  it('begins one new history however many witnesses speak at once', async () => {
    const witnesses = await Promise.all([deviceInFamily(), deviceInFamily(), deviceInFamily()]);
    const epoch = await currentEpoch(context.sql);
    await context.sql`update families set version = 1 where id in ${context.sql(witnesses.map((one) => one.familyId))}`;

    const answers = await Promise.all(witnesses.map(({ device }) => device.postPull()));
    const epochs = new Set(answers.map((answer) => historyChangedSchema.parse(answer.json()).epoch));
    expect(answers.map((answer) => answer.statusCode)).toEqual([409, 409, 409]);
    expect(epochs).toEqual(new Set([await currentEpoch(context.sql)]));
    expect(epochs.has(epoch)).toBe(false);
  });

  it("ends a history by a device's word once an hour at most: a younger one stays, the witness starts over", async () => {
    const { device, familyId } = await deviceInFamily();
    await context.sql`update sync_history set started_at = now() - interval '50 minutes'`;
    const epoch = await currentEpoch(context.sql);
    await context.sql`update families set version = version - 1 where id = ${familyId}`;

    const pull = await device.postPull();
    expect(pull.statusCode).toBe(409);
    expect(historyChangedSchema.parse(pull.json())).toMatchObject({ epoch, lastAppliedSeq: 2 });
    expect(await currentEpoch(context.sql)).toBe(epoch);
  });

  it('never takes a new device, or devices writing and pulling together, for a witness', async () => {
    const { device: grandma, familyId } = await deviceInFamily();
    const epoch = await currentEpoch(context.sql);
    const family = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const member = await newDevice();
        await addMember(context.sql, familyId, member.account.user.id);
        return member;
      }),
    );
    const everyone = [grandma, ...family];
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(
        everyone.map(async (device, index) => {
          if (index % 2 === round % 2) {
            const content = `Round ${round}`;
            await device.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content } });
          }
          await device.pullAll();
        }),
      );
    }
    const newcomer = await newDevice();
    await addMember(context.sql, familyId, newcomer.account.user.id);
    await newcomer.pullAll();
    expect(await currentEpoch(context.sql)).toBe(epoch);
    for (const device of [...everyone, newcomer]) expect(device.epoch).toBe(epoch);
  });
});

describe("a device's owner", () => {
  it("refuses a push or pull from a database of another person, and changes nothing", async () => {
    const owner = await newDevice();
    const { familyId } = await createFamily(owner);
    const other = await signUp(context.app);
    await addMember(context.sql, familyId, other.user.id);
    // The owner's database, opened in a browser where the other person is signed in now.
    const underAnotherSession = new TestDevice(context.app, { ...owner.account, cookie: other.cookie }, randomUUID());
    const postId = randomUUID();
    const mutations = underAnotherSession.queue({
      name: 'post.create',
      args: { postId, familyId, content: 'Whose post is this?' },
    });

    expect((await underAnotherSession.postPush(mutations)).statusCode).toBe(403);
    expect((await underAnotherSession.postPull()).statusCode).toBe(403);
    expect(await context.sql`select 1 from posts where id = ${postId}`).toHaveLength(0);
    expect(await context.sql`select 1 from sync_devices where id = ${underAnotherSession.id}`).toHaveLength(0);
  });
});

describe('the time a person wrote something', () => {
  const hour = 3_600_000;

  async function postWrittenAt(device: TestDevice, familyId: string, writtenAt: Date, sentAt: Date) {
    const postId = randomUUID();
    const [mutation] = device.queue({ name: 'post.create', args: { postId, familyId, content: 'Written earlier' } });
    const response = await device.postPush([{ ...mutation, writtenAt: writtenAt.toISOString() }], {
      sentAt: sentAt.toISOString(),
    });
    expect(response.json()).toMatchObject({ results: [{ status: 'applied' }] });
    const [row] = await context.sql<{ created_at: Date; updated_at: Date }[]>`
      select created_at, updated_at from posts where id = ${postId}
    `;
    return row!;
  }

  it('keeps when it was written, read on the server clock, never later than it arrived', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    // The family was made a day ago on this device, last pulled then, so nine hours ago is after both.
    await context.sql`update family_members set joined_at = now() - interval '1 day' where family_id = ${familyId}`;
    await context.sql`update sync_devices set pulled_at = now() - interval '1 day' where id = ${device.id}`;
    const now = Date.now();

    // Written on the plane at nine, sent at six: shown at nine.
    const onThePlane = await postWrittenAt(device, familyId, new Date(now - 9 * hour), new Date(now));
    expect(Math.abs(onThePlane.created_at.getTime() - (now - 9 * hour))).toBeLessThan(5_000);
    expect(onThePlane.updated_at).toEqual(onThePlane.created_at);

    // A phone whose clock is two hours fast: what it says is moved back by as much.
    const fastClock = await postWrittenAt(device, familyId, new Date(now - hour + 2 * hour), new Date(now + 2 * hour));
    expect(Math.abs(fastClock.created_at.getTime() - (now - hour))).toBeLessThan(5_000);

    // A time in the future, whatever the clock: no later than it arrived.
    const future = await postWrittenAt(device, familyId, new Date(now + 24 * hour), new Date(now));
    expect(future.created_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(future.created_at.getTime()).toBeGreaterThan(now - 5_000);
  });

  it('never before the device last pulled: an answer cannot be dated back to before its event started', async () => {
    const grandma = await newDevice();
    const { familyId } = await createFamily(grandma);
    const son = await newDevice();
    await addMember(context.sql, familyId, son.account.user.id);
    await context.sql`update family_members set joined_at = now() - interval '30 days' where family_id = ${familyId}`;
    const eventId = randomUUID();
    await grandma.send({
      name: 'event.create',
      args: {
        eventId,
        familyId,
        title: 'Lunch an hour ago',
        description: null,
        location: null,
        startDate: new Date(Date.now() - hour).toISOString(),
        endDate: null,
        timeZone: 'Europe/London',
        allDay: false,
      },
    });
    const answer = (writtenAt: Date) => {
      const [mutation] = son.queue({ name: 'event.rsvp', args: { eventId, status: 'attending' } });
      return son.postPush([{ ...mutation, writtenAt: writtenAt.toISOString() }]);
    };
    const tenDaysAgo = new Date(Date.now() - 240 * hour);

    // A device that has never pulled is as new as its first request: nothing it sends was written before.
    expect((await answer(tenDaysAgo)).json()).toMatchObject({ results: [{ reason: rejections.eventStarted }] });
    // One that pulled after the event started had sent everything it had written by then.
    await son.pullAll();
    expect((await answer(tenDaysAgo)).json()).toMatchObject({ results: [{ reason: rejections.eventStarted }] });
    // Its clock said ten days ago (its sentAt ten days ahead of its writtenAt): the same.
    const [mutation] = son.queue({ name: 'event.rsvp', args: { eventId, status: 'attending' } });
    const skewed = await son.postPush([mutation], { sentAt: new Date(Date.now() + 240 * hour).toISOString() });
    expect(skewed.json()).toMatchObject({ results: [{ reason: rejections.eventStarted }] });

    // Answered on the plane before lunch, by a device that last pulled before boarding: it counts.
    await context.sql`update sync_devices set pulled_at = now() - interval '3 hours' where id = ${son.id}`;
    expect((await answer(new Date(Date.now() - 2 * hour))).json()).toMatchObject({ results: [{ status: 'applied' }] });
  });

  it('never before the author joined the family', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const [member] = await context.sql<{ joined_at: Date }[]>`
      select joined_at from family_members where family_id = ${familyId}
    `;
    const lastYear = await postWrittenAt(device, familyId, new Date(Date.now() - 365 * 24 * 3_600_000), new Date());
    expect(lastYear.created_at).toEqual(member!.joined_at);
  });
});

describe('a create sent again after its row was deleted', () => {
  it('does not bring the row back', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const postId = randomUUID();
    const create = { name: 'post.create' as const, args: { postId, familyId, content: 'Soon gone' } };
    await device.send(create, { name: 'post.delete', args: { postId } });

    // A device that started over (a restored server) sends the create again under a new seq.
    const again = await device.send(create);
    expect(again.results).toEqual([{ seq: 4, status: 'applied' }]);
    expect(await context.sql`select 1 from posts where id = ${postId}`).toHaveLength(0);

    // The same id in another family is a row of that family's (decision 0068): the deleted one stays deleted.
    const other = await createFamily(device, 'Elsewhere');
    const elsewhere = await device.send({ name: 'post.create', args: { ...create.args, familyId: other.familyId } });
    expect(elsewhere.results).toEqual([{ seq: 6, status: 'applied' }]);
    const rows = await context.sql`select family_id from posts where id = ${postId}`;
    expect(rows).toEqual([{ family_id: other.familyId }]);
  });
});
