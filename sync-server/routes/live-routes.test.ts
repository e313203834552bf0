import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pokeSchema } from '../../schema/index.ts';
import { buildApp } from '../app.ts';
import { connect } from '../database.ts';
import { createPostgresNotifier } from '../sync-notifier.ts';
import { isPoke, openLiveStream, type LiveStream } from '../testing/live-stream.ts';
import { signUp, testConfig, useTestApp } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';

const context = useTestApp();
let app: FastifyInstance;
let baseUrl: string;
const streams: LiveStream[] = [];

beforeAll(async () => {
  // Writes and streams go through one listening app: with the in-process notifier, only its own streams hear it.
  app = await context.buildApp({}, { liveHeartbeatMs: 100 });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => {
  for (const stream of streams) stream.close();
});

async function listen(cookie: string): Promise<LiveStream> {
  const stream = await openLiveStream(baseUrl, cookie);
  streams.push(stream);
  expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
  return stream;
}

async function familyVersion(familyId: string): Promise<number> {
  const [row] = await context.sql<{ version: string }[]>`select version from families where id = ${familyId}`;
  return Number(row?.version);
}

/** An admin and a member of one family, each with a device on the listening app. */
async function family() {
  const admin = new TestDevice(app, await signUp(app));
  const { familyId } = await createFamily(admin);
  const member = new TestDevice(app, await signUp(app));
  const { memberId } = await addMember(context.sql, familyId, member.account.user.id);
  return { familyId, admin, member, memberId };
}

describe('live channel', () => {
  it('is an uncached event stream with the usual security headers, starting with ready', async () => {
    const { cookie } = await signUp(app);
    const stream = await openLiveStream(baseUrl, cookie);
    streams.push(stream);
    const { headers } = stream.response;
    expect(stream.response.status).toBe(200);
    expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-accel-buffering')).toBe('no');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
    expect(await stream.next((event) => event.comment === 'heartbeat')).toEqual({ comment: 'heartbeat' });
  });

  it('needs a session', async () => {
    const response = await fetch(`${baseUrl}/api/sync/live`);
    expect(response.status).toBe(401);
  });

  it("pokes a member within a second of another member's push, and nobody outside the family", async () => {
    const { familyId, admin, member } = await family();
    const memberStream = await listen(member.account.cookie);
    const stranger = new TestDevice(app, await signUp(app));
    const strangerStream = await listen(stranger.account.cookie);

    const started = performance.now();
    await admin.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Hello' } });
    const poke = await memberStream.next(isPoke(familyId), 1000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(pokeSchema.parse(JSON.parse(poke.data!))).toEqual({ familyId, version: await familyVersion(familyId) });

    // The stranger's own family is poked; the other family's poke never came before it.
    const own = await createFamily(stranger, 'Strangers');
    const next = await strangerStream.nextEvent();
    expect(JSON.parse(next.data!)).toMatchObject({ familyId: own.familyId });
  });

  it('pokes after a REST write too', async () => {
    const { familyId, admin, member } = await family();
    const memberStream = await listen(member.account.cookie);
    const response = await app.inject({
      method: 'POST',
      url: `/api/families/${familyId}/posts`,
      headers: { cookie: admin.account.cookie },
      payload: { content: 'Written the old way' },
    });
    expect(response.statusCode).toBe(201);
    await memberStream.next(isPoke(familyId));
  });

  it('pokes a removed member once, so the device drops the family, and then no more', async () => {
    const { familyId, admin, member, memberId } = await family();
    await member.pullAll();
    const memberStream = await listen(member.account.cookie);
    await admin.send({ name: 'member.remove', args: { memberId } });
    await memberStream.next(isPoke(familyId));
    expect((await member.pull()).families).toEqual([{ status: 'drop', familyId }]);

    await admin.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'After they left' } });
    const own = await createFamily(member, 'A new start');
    const next = await memberStream.nextEvent();
    expect(JSON.parse(next.data!)).toMatchObject({ familyId: own.familyId });
  });

  it('pokes a user who joins a family from then on', async () => {
    const admin = new TestDevice(app, await signUp(app));
    const { familyId } = await createFamily(admin);
    const joiner = new TestDevice(app, await signUp(app));
    const joinerStream = await listen(joiner.account.cookie);
    const { change } = await addMember(context.sql, familyId, joiner.account.user.id);
    // The join flow will publish like this once it exists.
    await context.notifierOf(app).publish(change);
    await joinerStream.next(isPoke(familyId));
    await admin.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Welcome!' } });
    await joinerStream.next(isPoke(familyId));
  });

  it('ends open streams when the app closes, without waiting for them', async () => {
    const own = await context.buildApp({});
    const url = await own.listen({ port: 0, host: '127.0.0.1' });
    const { cookie } = await signUp(own);
    const stream = await openLiveStream(url, cookie);
    streams.push(stream);
    expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
    await stream.waitForEnd();
  });

  it.skipIf(!process.env.DATABASE_URL)('pokes across two server instances through PostgreSQL', async () => {
    // Another instance: its own connections, its own LISTEN, nothing shared with the first but the database.
    const otherSql = connect(context.databaseUrl, 2);
    const otherNotifier = await createPostgresNotifier(otherSql);
    const other = await buildApp({ config: testConfig(), sql: otherSql, notifier: otherNotifier });
    try {
      const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
      const { familyId, admin, member } = await family();
      const stream = await openLiveStream(otherUrl, member.account.cookie);
      streams.push(stream);
      expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });

      await admin.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Across instances' } });
      const poke = await stream.next(isPoke(familyId), 1000);
      expect(JSON.parse(poke.data!)).toEqual({ familyId, version: await familyVersion(familyId) });
      stream.close();
    } finally {
      await other.close();
      await otherNotifier.close();
      await otherSql.end({ timeout: 5 });
    }
  });
});
