import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { liveChannelPath, pokeSchema, syncProtocolVersion } from '../../schema/index.ts';
import { buildApp } from '../app.ts';
import { connect } from '../database.ts';
import { serverMessages } from '../http-errors.ts';
import { createPostgresNotifier } from '../sync-notifier.ts';
import { isPoke, openLiveStream, type LiveStream } from '../testing/live-stream.ts';
import { createTestNotifier, logIn, sessionCookie, signUp, testConfig, useTestApp } from '../testing/test-app.ts';
import { addMember, createFamily, familyVersion, TestDevice } from '../testing/test-device.ts';

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

/** An admin and a member of one family, each with a device on the listening app. */
async function family() {
  const admin = new TestDevice(app, await signUp(app));
  const { familyId } = await createFamily(admin);
  const member = new TestDevice(app, await signUp(app));
  const { memberId } = await addMember(context.sql, familyId, member.account.user.id);
  return { familyId, admin, member, memberId };
}

/** A password change made from the session `cookie`, which ends every other session of the account. */
async function changePassword(on: FastifyInstance, account: { password: string }, cookie: string, newPassword: string) {
  const change = await on.inject({
    method: 'POST',
    url: '/api/auth/password',
    headers: { cookie },
    payload: { currentPassword: account.password, newPassword, confirmPassword: newPassword },
  });
  expect(change.statusCode).toBe(204);
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
    // Never compressed (fetch asks for gzip and br): a compressor would hold pokes back in its buffer.
    expect(headers.get('content-encoding')).toBeNull();
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
    // A named event, which the browser's EventSource hands to the page (it hides comments).
    expect(await stream.next()).toEqual({ event: 'heartbeat', data: '{}' });
    expect(await stream.next()).toEqual({ event: 'heartbeat', data: '{}' });
  });

  it('needs a session', async () => {
    const response = await fetch(`${baseUrl}/api/sync/live`);
    expect(response.status).toBe(401);
  });

  it('asks a device speaking an older protocol to update, and takes one that does not say yet', async () => {
    const { cookie } = await signUp(app);
    const older = await fetch(`${baseUrl}/api/sync/live?protocolVersion=${syncProtocolVersion - 1}`, {
      headers: { cookie },
    });
    expect(older.status).toBe(426);
    expect(await older.json()).toEqual({ error: serverMessages.updateRequired, code: 'update_required' });
    const garbled = await fetch(`${baseUrl}/api/sync/live?protocolVersion=soon`, { headers: { cookie } });
    expect(garbled.status).toBe(400);
    const unsaid = await openLiveStream(baseUrl, cookie, '/api/sync/live');
    streams.push(unsaid);
    expect(await unsaid.nextEvent()).toEqual({ event: 'ready', data: '{}' });
  });

  it('ends the stream once its session is signed out', async () => {
    const { cookie } = await signUp(app);
    const stream = await listen(cookie);
    const signOut = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(signOut.statusCode).toBe(302);
    await stream.waitForEnd(2000);
  });

  it('ends the stream once a password change elsewhere ends its session, and keeps the one it came from', async () => {
    const account = await signUp(app);
    const elsewhere = sessionCookie(await logIn(app, account.email, account.password));
    const signedOutStream = await listen(account.cookie);
    const keptStream = await listen(elsewhere);
    await changePassword(app, account, elsewhere, 'a brand new passphrase');
    await signedOutStream.waitForEnd(2000);
    await keptStream.next((event) => event.event === 'heartbeat');
    await keptStream.next((event) => event.event === 'heartbeat');
    expect(keptStream.ended).toBe(false);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'ends a stream within a second of its session ending, whichever instance it is on',
    async () => {
      // Instances with the real heartbeat (25 s): only the news that a session ended can end the stream this soon.
      const streamSql = connect(context.databaseUrl, 2);
      const streamNotifier = await createTestNotifier(streamSql);
      const streaming = await buildApp({ config: testConfig(), sql: streamSql, notifier: streamNotifier });
      const writeSql = connect(context.databaseUrl, 2);
      const writeNotifier = await createTestNotifier(writeSql);
      const signingOut = await buildApp({ config: testConfig(), sql: writeSql, notifier: writeNotifier });
      try {
        const url = await streaming.listen({ port: 0, host: '127.0.0.1' });
        const account = await signUp(signingOut);
        const elsewhere = sessionCookie(await logIn(signingOut, account.email, account.password));
        const stream = await openLiveStream(url, account.cookie);
        streams.push(stream);
        expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
        await changePassword(signingOut, account, elsewhere, 'another brand new passphrase');
        await stream.waitForEnd(1000);

        const kept = await openLiveStream(url, elsewhere);
        streams.push(kept);
        expect(await kept.nextEvent()).toEqual({ event: 'ready', data: '{}' });
        await signingOut.inject({ method: 'POST', url: '/api/logout', headers: { cookie: elsewhere } });
        await kept.waitForEnd(1000);
      } finally {
        await streaming.close();
        await signingOut.close();
        await streamNotifier.close();
        await writeNotifier.close();
        await streamSql.end({ timeout: 5 });
        await writeSql.end({ timeout: 5 });
      }
    },
  );

  it('holds at most 20 streams open for one person, however many open at once', async () => {
    const { cookie } = await signUp(app);
    const opened = await Promise.all(Array.from({ length: 30 }, () => openLiveStream(baseUrl, cookie)));
    streams.push(...opened);
    const statuses = opened.map((stream) => stream.response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = await fetch(`${baseUrl}${liveChannelPath}`, { headers: { cookie } });
    expect(refused.status).toBe(429);
    // One tab closes: another may open.
    opened.find((stream) => stream.response.status === 200)!.close();
    await expect
      .poll(async () => {
        const response = await fetch(`${baseUrl}${liveChannelPath}`, { headers: { cookie } });
        await response.body?.cancel();
        return response.status;
      })
      .toBe(200);
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
    expect(pokeSchema.parse(JSON.parse(poke.data!))).toEqual({
      familyId,
      version: await familyVersion(context.sql, familyId),
    });

    // The stranger's own family is poked; the other family's poke never came before it.
    const own = await createFamily(stranger, 'Strangers');
    const next = await strangerStream.nextEvent();
    expect(JSON.parse(next.data!)).toMatchObject({ familyId: own.familyId });
  });

  it("pokes only the reader's own devices when a member reads the chat, which nobody else can see", async () => {
    const { familyId, admin, member } = await family();
    const adminStream = await listen(admin.account.cookie);
    const memberStream = await listen(member.account.cookie);
    const memberElsewhere = await listen(member.account.cookie);
    const messageId = randomUUID();
    await admin.send({ name: 'message.send', args: { messageId, familyId, messageType: 'text', content: 'Tea?' } });
    for (const stream of [adminStream, memberStream, memberElsewhere]) await stream.next(isPoke(familyId));

    await member.send({ name: 'chat.read', args: { familyId, readThrough: 1 } });
    const read = await familyVersion(context.sql, familyId);
    for (const stream of [memberStream, memberElsewhere]) {
      expect(JSON.parse((await stream.next(isPoke(familyId))).data!)).toEqual({ familyId, version: read });
    }
    // The admin's next poke is for the post after the read: the read's never came.
    await admin.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Read yet?' } });
    const next = await adminStream.next(isPoke(familyId));
    expect(JSON.parse(next.data!)).toEqual({ familyId, version: read + 1 });
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

  it.skipIf(!process.env.DATABASE_URL)(
    'pokes every stream again when its LISTEN connection is back, so devices pull what they may have missed',
    async () => {
      const applicationName = `hearth-listen-${randomUUID().slice(0, 8)}`;
      const ownSql = postgres(context.databaseUrl, {
        max: 2,
        onnotice: () => {},
        connection: { application_name: applicationName },
      });
      const ownNotifier = await createPostgresNotifier(ownSql);
      const own = await buildApp({ config: testConfig(), sql: ownSql, notifier: ownNotifier });
      try {
        const ownUrl = await own.listen({ port: 0, host: '127.0.0.1' });
        const { familyId, admin, member } = await family();
        const stream = await openLiveStream(ownUrl, member.account.cookie);
        streams.push(stream);
        expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
        const listeningAgain = new Promise<void>((resolve) => ownNotifier.onChangesMissed(resolve));

        // The connection that listens is cut, as a network blip or a database restart would.
        const cut = await context.sql`
          select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${applicationName} and query ilike 'listen%'
        `;
        expect(cut).toHaveLength(1);
        await listeningAgain;

        // The stream stays open and says where the family is now: the device pulls if it is behind.
        const poke = await stream.next(isPoke(familyId), 2000);
        expect(JSON.parse(poke.data!)).toEqual({ familyId, version: await familyVersion(context.sql, familyId) });
        await admin.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'After the blip' } });
        await stream.next(isPoke(familyId), 2000);
        expect(stream.ended).toBe(false);
      } finally {
        await own.close();
        await ownNotifier.close();
        await ownSql.end({ timeout: 5 });
      }
    },
  );

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
      expect(JSON.parse(poke.data!)).toEqual({ familyId, version: await familyVersion(context.sql, familyId) });
      stream.close();
    } finally {
      await other.close();
      await otherNotifier.close();
      await otherSql.end({ timeout: 5 });
    }
  });
});
