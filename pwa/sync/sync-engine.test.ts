// Dexie's live queries only run when it found an IndexedDB at load time, so this comes before anything imports Dexie.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejections } from '../../schema/rejections.ts';
import {
  fallbackPullMs,
  liveHeartbeatMs,
  livePullMs,
  pushBatchMax,
  type MutationArgs,
  type MutationName,
} from '../../schema/sync.ts';
import type { HearthDb, RefusedWrite } from '../db/hearth-db.ts';
import { liveSilenceMaxMs } from './live-channel.ts';
import { createSyncEngine, requestTimeoutMs, type SyncEngine } from './sync-engine.ts';
import { retryDelayMs } from './sync-timers.ts';
import { readCursor, readEpoch } from './sync-state.ts';
import { createFakeSyncServer, type FakeSyncServer } from './testing/fake-sync-server.ts';
import type { ScriptedTransport } from './testing/scripted-transport.ts';
import { createManualTimers } from './testing/manual-timers.ts';
import { createTestDb, testUser } from './testing/test-db.ts';
import { SyncTransportError } from './transport.ts';
import { discardRefused, retryRefused, writeLocally } from './write.ts';

const ada = testUser('ada');
const grace = testUser('grace');

let db: HearthDb;
let server: FakeSyncServer;
let transport: ScriptedTransport;
let clock: ReturnType<typeof createManualTimers>;
let engine: SyncEngine;
let refused: RefusedWrite[];
let wrongAccountReports: number;

function setUp(options: { pullPageMax?: number } = {}) {
  db = createTestDb();
  server = createFakeSyncServer(options);
  server.addUser(ada);
  server.addUser(grace);
  transport = server.transportFor(ada.id);
  clock = createManualTimers();
  // A jitter of exactly 1 (random 0.5), so the backoff delays are 1 s, 2 s, 4 s…
  wrongAccountReports = 0;
  engine = createSyncEngine({
    db,
    userId: ada.id,
    transport,
    timers: clock.timers,
    random: () => 0.5,
    now: () => 1_000,
    onWrongAccount: () => {
      wrongAccountReports += 1;
    },
  });
  refused = [];
  engine.onRejected((write) => refused.push(write));
}

afterEach(async () => {
  engine.stop();
  await engine.whenSettled();
  await db.delete();
});

function write<N extends MutationName>(name: N, args: MutationArgs<N>) {
  return writeLocally(db, { signedInUser: ada }, name, args);
}

/** Ada's family on the server, with Grace in it, already on this device. */
async function startWithFamily() {
  const familyId = crypto.randomUUID();
  const adaMemberId = crypto.randomUUID();
  await server.write(ada.id, 'family.create', { familyId, memberId: adaMemberId, name: 'The Lovelaces' });
  server.addMember({ id: crypto.randomUUID(), familyId, userId: grace.id, role: 'member' });
  engine.start();
  await vi.waitFor(async () => expect(await db.families.get(familyId)).toBeDefined());
  await engine.whenSettled();
  return { familyId, adaMemberId };
}

/** Waits for the engine to have made `count` pushes and to be done with them. */
async function pushesMade(count: number) {
  await vi.waitFor(() => expect(transport.pushes).toHaveLength(count));
  await engine.whenSettled();
}

const seqsOf = (push: { mutations: { seq: number }[] } | undefined) => push?.mutations.map((mutation) => mutation.seq);
const networkDown = () => new SyncTransportError('network', 'The server could not be reached');

beforeEach(() => setUp());

describe('the outbox', () => {
  it('pushes a local write by itself and forgets it once a pull shows it applied', async () => {
    const { familyId } = await startWithFamily();
    const postId = crypto.randomUUID();
    const seq = await write('post.create', { postId, familyId, content: 'Hello' });

    await pushesMade(1);
    expect(seqsOf(transport.pushes[0])).toEqual([seq]);
    expect(server.row('posts', postId)).toMatchObject({ content: 'Hello', authorId: ada.id });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    expect(await db.posts.get(postId)).toEqual(server.row('posts', postId));
    expect(engine.status.get()).toEqual({ phase: 'idle', updateRequired: false, lastSyncedAt: 1_000 });
  });

  it('keeps an acknowledged write as sent until a pull covers it', async () => {
    const { familyId } = await startWithFamily();
    transport.failNext('pull', networkDown());
    const seq = await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Hello' });

    await pushesMade(1);
    expect(await db.outbox.get(seq)).toMatchObject({ status: 'sent' });
    expect(engine.status.get().phase).toBe('offline');

    clock.advance(retryDelayMs(1, 0.5));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(transport.pushes).toHaveLength(1);
  });

  it('starts over when the server forgot writes it had acknowledged (put back from a backup unnoticed)', async () => {
    const { familyId } = await startWithFamily();
    await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Before the restore' });
    await pushesMade(1);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    const deviceId = transport.pushes[0]!.deviceId;

    server.forgetDevices();
    const postId = crypto.randomUUID();
    await write('post.create', { postId, familyId, content: 'After the restore' });

    // Seq 2 meets a server expecting seq 1, which this device no longer holds: it starts over, renumbering what it
    // still has from 1, and tries again after a backoff (never in a tight loop).
    await pushesMade(2);
    expect(seqsOf(transport.pushes[1])).toEqual([2]);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ seq: 1, status: 'pending' })]);
    clock.advance(retryDelayMs(1, 0.5));
    await pushesMade(3);
    expect(transport.pushes[2]!.deviceId).toBe(deviceId);
    expect(seqsOf(transport.pushes[2])).toEqual([1]);
    expect(server.row('posts', postId)).toMatchObject({ content: 'After the restore' });
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(await db.posts.get(postId)).toBeDefined();
    expect(engine.status.get().phase).toBe('idle');
  });

  it('starts over with a restored server: the lost history goes, and what it never had is sent again', async () => {
    const { familyId } = await startWithFamily();
    const keptId = crypto.randomUUID();
    await write('post.create', { postId: keptId, familyId, content: 'In the backup' });
    await pushesMade(1);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    const backup = server.backup();

    // After the backup: Grace posts, Ada's post reaches the server but its confirmation never reaches the device.
    await server.write(grace.id, 'post.create', { postId: crypto.randomUUID(), familyId, content: 'Lost with the restore' });
    transport.failNext('pull', networkDown());
    const lostId = crypto.randomUUID();
    const lostSeq = await write('post.create', { postId: lostId, familyId, content: 'Acknowledged, then lost' });
    await pushesMade(2);
    expect(await db.outbox.get(lostSeq)).toMatchObject({ status: 'sent' });

    backup.restore();
    clock.advance(retryDelayMs(1, 0.5));
    // The pull names the old history: 409, and the device starts over before retrying.
    await vi.waitFor(async () => expect(await readEpoch(db)).toBe(server.epoch));
    clock.advance(retryDelayMs(2, 0.5));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));

    expect(seqsOf(transport.pushes.at(-1))).toEqual([lostSeq]);
    expect(server.row('posts', lostId)).toMatchObject({ content: 'Acknowledged, then lost' });
    expect((await db.posts.toArray()).map((post) => post.content).sort()).toEqual([
      'Acknowledged, then lost',
      'In the backup',
    ]);
    expect(engine.status.get().phase).toBe('idle');
  });

  it('does not loop when a refused write waits for the person while the server forgets the device', async () => {
    const { familyId } = await startWithFamily();
    server.refuseNext('post.create', rejections.notMember);
    await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Refused' });
    await pushesMade(1);
    expect(await db.refusedWrites.count()).toBe(1);

    server.forgetDevices();
    const postId = crypto.randomUUID();
    await write('post.create', { postId, familyId, content: 'Sent again' });
    await pushesMade(2);
    clock.advance(retryDelayMs(1, 0.5));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(server.row('posts', postId)).toBeDefined();
    expect(transport.pushes).toHaveLength(3);
    expect(await db.refusedWrites.count()).toBe(1);
  });

  it("refuses to sync a database under another person's session, and keeps its writes", async () => {
    await startWithFamily();
    engine.stop();
    await engine.whenSettled();
    const gracesDevice = createSyncEngine({
      db,
      userId: grace.id,
      transport,
      timers: clock.timers,
      onWrongAccount: () => {
        wrongAccountReports += 1;
      },
    });
    gracesDevice.start();
    await gracesDevice.whenSettled();
    expect(gracesDevice.status.get().phase).toBe('stopped');
    expect(wrongAccountReports).toBe(1);
    gracesDevice.stop();
  });

  it('keeps a write pending when its push fails, and retries it with backoff and no new write', async () => {
    const { familyId } = await startWithFamily();
    transport.failNext('push', networkDown());
    transport.failNext('push', new SyncTransportError('server', '502: Bad Gateway'));
    const postId = crypto.randomUUID();
    const seq = await write('post.create', { postId, familyId, content: 'Hello' });

    await pushesMade(1);
    expect(await db.outbox.get(seq)).toMatchObject({ status: 'pending' });
    expect(engine.status.get().phase).toBe('offline');
    expect(clock.pendingTimeouts()).toContain(1000);

    clock.advance(999);
    await engine.whenSettled();
    expect(transport.pushes).toHaveLength(1);
    clock.advance(1);
    await pushesMade(2);
    expect(engine.status.get().phase).toBe('error');
    expect(clock.pendingTimeouts()).toContain(2000);

    clock.advance(2000);
    await pushesMade(3);
    expect(transport.pushes.map(seqsOf)).toEqual([[seq], [seq], [seq]]);
    expect(server.row('posts', postId)).toBeDefined();
    expect(await db.outbox.count()).toBe(0);
    expect(engine.status.get().phase).toBe('idle');

    // Success resets the backoff.
    transport.failNext('pull', networkDown());
    engine.requestSync();
    await engine.whenSettled();
    expect(clock.pendingTimeouts()).toContain(1000);
    expect(clock.pendingTimeouts()).not.toContain(4000);
  });

  it(`counts a request unanswered for ${requestTimeoutMs / 1000} s as a lost connection, and retries it`, async () => {
    const { familyId } = await startWithFamily();
    transport.holdNextPush();
    const seq = await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Into the tunnel' });
    await vi.waitFor(() => expect(transport.pushes).toHaveLength(1));

    clock.advance(requestTimeoutMs - 1);
    await Promise.resolve();
    expect(engine.status.get().phase).toBe('syncing');
    clock.advance(1);
    await engine.whenSettled();
    expect(engine.status.get().phase).toBe('offline');
    expect(await db.outbox.get(seq)).toMatchObject({ status: 'pending' });

    clock.advance(retryDelayMs(1, 0.5));
    await pushesMade(2);
    expect(seqsOf(transport.pushes[1])).toEqual([seq]);
    expect(await db.outbox.count()).toBe(0);
    expect(engine.status.get().phase).toBe('idle');
  });

  it('pushes writes made during a push in the next push', async () => {
    const { familyId } = await startWithFamily();
    const held = transport.holdNextPush();
    const first = await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'First' });
    await vi.waitFor(() => expect(transport.pushes).toHaveLength(1));

    const second = await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Second' });
    held.release();

    await pushesMade(2);
    expect(transport.pushes.map(seqsOf)).toEqual([[first], [second]]);
    expect(await db.outbox.count()).toBe(0);
  });

  it(`pushes at most ${pushBatchMax} writes at a time, in seq order`, async () => {
    const { familyId } = await startWithFamily();
    engine.stop();
    for (let index = 0; index <= pushBatchMax; index++) {
      await write('post.create', { postId: crypto.randomUUID(), familyId, content: `Post ${index}` });
    }
    engine.start();

    await pushesMade(2);
    expect(transport.pushes[0]?.mutations).toHaveLength(pushBatchMax);
    expect(transport.pushes[1]?.mutations).toHaveLength(1);
    const seqs = transport.pushes.flatMap((push) => seqsOf(push) ?? []);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(await db.posts.count()).toBe(pushBatchMax + 1);
  });

  it('records what a 503 says was handled and pushes only the rest again', async () => {
    const { familyId } = await startWithFamily();
    engine.stop();
    const seqs = [];
    for (const content of ['One', 'Two', 'Three']) {
      seqs.push(await write('post.create', { postId: crypto.randomUUID(), familyId, content }));
    }
    transport.failNextPushAfter(1);
    engine.start();

    await pushesMade(1);
    expect((await db.outbox.toArray()).map((entry) => entry.status)).toEqual(['sent', 'pending', 'pending']);
    expect(engine.status.get().phase).toBe('error');

    clock.advance(1000);
    await pushesMade(2);
    expect(seqsOf(transport.pushes[1])).toEqual(seqs.slice(1));
    expect(await db.outbox.count()).toBe(0);
  });

  it('learns from a duplicate what happened to a push whose answer was lost', async () => {
    const { familyId } = await startWithFamily();
    const gracesFamilyId = crypto.randomUUID();
    await server.write(grace.id, 'family.create', { familyId: gracesFamilyId, memberId: crypto.randomUUID(), name: "Grace's" });
    // Both writes go in the push whose answer is lost: they are queued while the engine is stopped.
    engine.stop();
    await engine.whenSettled();
    const applied = await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Kept' });
    // Ada is not in Grace's other family; this device does not hold it either, so nothing shows meanwhile.
    const refusedSeq = await write('post.create', { postId: crypto.randomUUID(), familyId: gracesFamilyId, content: 'Nowhere' });
    transport.loseNextPushAnswer();
    engine.start();
    await vi.waitFor(() => expect(transport.pushes.length).toBeGreaterThan(0));
    expect(seqsOf(transport.pushes[0])).toEqual([applied, refusedSeq]);
    await engine.whenSettled();
    expect(await db.outbox.count()).toBe(2);

    clock.advance(1000);
    await vi.waitFor(() => expect(seqsOf(transport.pushes.at(-1))).toContain(refusedSeq));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(await db.refusedWrites.toArray()).toEqual([
      expect.objectContaining({ name: 'post.create', reason: rejections.notMember }),
    ]);
    expect(refused.map((write) => write.args)).toEqual([expect.objectContaining({ content: 'Nowhere' })]);
    expect(applied).toBeLessThan(refusedSeq);
  });
});

describe('refused writes', () => {
  it('rolls the change back exactly, keeps the write with its reason and tells the UI', async () => {
    const { familyId, adaMemberId } = await startWithFamily();
    const familyRows = async () => ({
      families: await db.families.toArray(),
      members: await db.members.orderBy('id').toArray(),
    });
    const before = await familyRows();

    // Ada is the only admin: leaving is refused, and the family (removed from the device at once) comes back.
    server.refuseNext('member.remove', rejections.lastAdmin);
    const seq = await write('member.remove', { memberId: adaMemberId });
    expect(await db.families.get(familyId)).toBeUndefined();
    await pushesMade(1);

    expect(await familyRows()).toEqual(before);
    expect(await db.shadows.count()).toBe(0);
    expect(await db.outbox.get(seq)).toBeUndefined();
    expect(await db.refusedWrites.toArray()).toEqual([
      expect.objectContaining({ name: 'member.remove', reason: rejections.lastAdmin }),
    ]);
    expect(refused).toEqual([expect.objectContaining({ name: 'member.remove', reason: rejections.lastAdmin })]);

    // Later pulls do not bring it back either.
    await server.write(grace.id, 'post.create', { postId: crypto.randomUUID(), familyId, content: 'Hi' });
    engine.requestSync();
    await engine.whenSettled();
    expect(await db.families.get(familyId)).toBeDefined();
  });

  it('Retry sends the write again under a new seq; here it succeeds and the family is dropped', async () => {
    const { familyId, adaMemberId } = await startWithFamily();
    server.refuseNext('member.remove', rejections.lastAdmin);
    await write('member.remove', { memberId: adaMemberId });
    await pushesMade(1);
    const [refusal] = await db.refusedWrites.toArray();

    server.addMember({ id: crypto.randomUUID(), familyId, userId: crypto.randomUUID(), role: 'admin' });
    const newSeq = await retryRefused(db, refusal!.id);
    expect(await db.families.get(familyId)).toBeUndefined();

    await pushesMade(2);
    expect(seqsOf(transport.pushes[1])).toEqual([newSeq]);
    expect(await db.outbox.count()).toBe(0);
    for (const table of [db.families, db.members, db.posts, db.shadows, db.refusedWrites]) {
      expect(await table.count()).toBe(0);
    }
    expect(await readCursor(db, familyId)).toBeUndefined();
  });

  it('Discard forgets the write and the rows stay as the server has them', async () => {
    const { familyId } = await startWithFamily();
    const gracePostId = crypto.randomUUID();
    await server.write(grace.id, 'post.create', { postId: gracePostId, familyId, content: "Grace's words" });
    engine.requestSync();
    await engine.whenSettled();

    server.refuseNext('post.update', rejections.notYourPost);
    await write('post.update', { postId: gracePostId, content: 'Not mine to change' });
    await pushesMade(1);
    const [refusal] = await db.refusedWrites.toArray();
    expect(refusal).toMatchObject({ reason: rejections.notYourPost });
    expect(await db.posts.get(gracePostId)).toMatchObject({ content: "Grace's words" });

    await discardRefused(db, refusal!.id);
    expect(await db.refusedWrites.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.posts.get(gracePostId)).toMatchObject({ content: "Grace's words" });
  });
});

describe('pulling', () => {
  it('deletes the comments and reactions of a post deleted on the server', async () => {
    const { familyId } = await startWithFamily();
    const postId = crypto.randomUUID();
    await server.write(grace.id, 'post.create', { postId, familyId, content: 'Soon gone' });
    await server.write(grace.id, 'comment.create', { commentId: crypto.randomUUID(), postId, content: 'Hi' });
    await server.write(grace.id, 'reaction.set', { postId, reactionType: 'like', reacted: true });
    engine.requestSync();
    await engine.whenSettled();
    expect(await db.comments.count()).toBe(1);
    expect(await db.reactions.count()).toBe(1);

    await server.write(grace.id, 'post.delete', { postId });
    engine.requestSync();
    await engine.whenSettled();
    expect(await db.posts.get(postId)).toBeUndefined();
    expect(await db.comments.count()).toBe(0);
    expect(await db.reactions.count()).toBe(0);
  });

  it('a drop deletes every local row of a family the user was removed from', async () => {
    const familyId = crypto.randomUUID();
    const graceMemberId = crypto.randomUUID();
    await server.write(grace.id, 'family.create', { familyId, memberId: graceMemberId, name: "Grace's" });
    const adaMemberId = crypto.randomUUID();
    server.addMember({ id: adaMemberId, familyId, userId: ada.id, role: 'member' });
    await server.write(grace.id, 'post.create', { postId: crypto.randomUUID(), familyId, content: 'Hi' });
    engine.start();
    await vi.waitFor(async () => expect(await db.posts.count()).toBe(1));
    await engine.whenSettled();

    await server.write(grace.id, 'member.remove', { memberId: adaMemberId });
    engine.requestSync();
    await engine.whenSettled();

    expect(transport.pulls.at(-1)?.cursors.map((cursor) => cursor.familyId)).toEqual([familyId]);
    for (const table of [db.families, db.members, db.posts]) expect(await table.count()).toBe(0);
    expect(await readCursor(db, familyId)).toBeUndefined();
  });

  it('fetches page after page with the resume token, and moves the cursor only with a complete page', async () => {
    setUp({ pullPageMax: 2 });
    const familyId = crypto.randomUUID();
    await server.write(ada.id, 'family.create', { familyId, memberId: crypto.randomUUID(), name: 'Big' });
    for (const content of ['One', 'Two', 'Three']) {
      await server.write(ada.id, 'post.create', { postId: crypto.randomUUID(), familyId, content });
    }
    // Two rows at version 1, then a post at each of versions 2 to 4: three pages of two. The second fails.
    transport.failNext('pull', networkDown(), 1);
    engine.start();
    await vi.waitFor(() => expect(transport.pulls).toHaveLength(2));
    await engine.whenSettled();

    const afterFirstPage = await readCursor(db, familyId);
    expect(afterFirstPage).toEqual({ familyId, version: 0, resume: expect.any(String) });
    expect(transport.pulls[1]?.cursors).toEqual([afterFirstPage]);
    expect(await db.families.count()).toBe(1);
    expect(await db.posts.count()).toBe(0);

    clock.advance(1000);
    await vi.waitFor(async () => expect(await db.posts.count()).toBe(3));
    await engine.whenSettled();
    expect(transport.pulls[2]?.cursors).toEqual([afterFirstPage]);
    expect(await readCursor(db, familyId)).toEqual({ familyId, version: 4, resume: null });
    expect(transport.pulls).toHaveLength(4);
  });

  it('pulls on a poke ahead of its cursor or for a family it does not hold, not on one it has seen', async () => {
    const { familyId } = await startWithFamily();
    transport.openLiveChannel();
    await engine.whenSettled();
    const version = server.familyVersion(familyId);
    expect(await readCursor(db, familyId)).toMatchObject({ version });
    const pullsBefore = transport.pulls.length;

    transport.poke({ familyId, version });
    transport.poke({ familyId, version: version - 1 });
    await server.write(grace.id, 'post.create', { postId: crypto.randomUUID(), familyId, content: 'News' });
    transport.poke({ familyId, version: version + 1 });
    await vi.waitFor(async () => expect(await db.posts.count()).toBe(1));
    await engine.whenSettled();
    expect(transport.pulls).toHaveLength(pullsBefore + 1);

    transport.poke({ familyId: crypto.randomUUID(), version: 1 });
    await vi.waitFor(() => expect(transport.pulls).toHaveLength(pullsBefore + 2));
  });

  it('pulls once for its own write, although the poke for it arrives while that write is being sent', async () => {
    const { familyId } = await startWithFamily();
    transport.openLiveChannel();
    await engine.whenSettled();
    const pullsBefore = transport.pulls.length;
    const held = transport.holdNextPush();
    await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Mine' });
    await vi.waitFor(() => expect(transport.pushes).toHaveLength(1));

    // The server pokes every device of the family, this one included, as soon as the write is in (one version on).
    transport.poke({ familyId, version: server.familyVersion(familyId) + 1 });
    held.release();

    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await engine.whenSettled();
    expect(transport.pulls).toHaveLength(pullsBefore + 1);
  });

  it('syncs once when several reasons to catch up come together (focus and visibility on returning)', async () => {
    const { familyId } = await startWithFamily();
    const pullsBefore = transport.pulls.length;
    const held = transport.holdNextPush();
    await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Mine' });
    await vi.waitFor(() => expect(transport.pushes).toHaveLength(1));

    engine.catchUp();
    engine.catchUp();
    held.release();

    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await engine.whenSettled();
    expect(transport.pulls).toHaveLength(pullsBefore + 1);
  });

  it(`pulls every ${fallbackPullMs / 1000} s while the live channel is down`, async () => {
    await startWithFamily();
    const pullsBefore = transport.pulls.length;
    clock.advance(fallbackPullMs - 1);
    await engine.whenSettled();
    expect(transport.pulls).toHaveLength(pullsBefore);
    clock.advance(1);
    await vi.waitFor(() => expect(transport.pulls).toHaveLength(pullsBefore + 1));
  });

  it(`pulls only every ${livePullMs / 60_000} minutes while the live channel is open, and every ${fallbackPullMs / 1000} s again once it breaks`, async () => {
    await startWithFamily();
    transport.openLiveChannel();
    await vi.waitFor(() => expect(transport.pulls.length).toBeGreaterThan(0));
    await engine.whenSettled();
    const pullsBefore = transport.pulls.length;
    for (let elapsed = 0; elapsed < livePullMs - fallbackPullMs; elapsed += liveHeartbeatMs) {
      clock.advance(liveHeartbeatMs);
      transport.sendHeartbeat();
    }
    await engine.whenSettled();
    expect(transport.pulls).toHaveLength(pullsBefore);
    clock.advance(fallbackPullMs);
    transport.sendHeartbeat();
    await vi.waitFor(() => expect(transport.pulls).toHaveLength(pullsBefore + 1));

    transport.breakLiveChannel();
    clock.advance(fallbackPullMs);
    await vi.waitFor(() => expect(transport.pulls).toHaveLength(pullsBefore + 2));
  });
});

describe('the live channel', () => {
  it('reconnects with backoff after an error, and catches up when it opens', async () => {
    await startWithFamily();
    expect(transport.liveOpenings).toBe(1);

    transport.breakLiveChannel();
    expect(transport.liveIsOpen).toBe(false);
    clock.advance(999);
    expect(transport.liveOpenings).toBe(1);
    clock.advance(1);
    expect(transport.liveOpenings).toBe(2);

    transport.breakLiveChannel();
    clock.advance(1999);
    expect(transport.liveOpenings).toBe(2);
    clock.advance(1);
    expect(transport.liveOpenings).toBe(3);

    const pullsBefore = transport.pulls.length;
    transport.openLiveChannel();
    await vi.waitFor(() => expect(transport.pulls).toHaveLength(pullsBefore + 1));
    transport.breakLiveChannel();
    clock.advance(1000);
    expect(transport.liveOpenings).toBe(4);
  });

  it(`treats ${liveSilenceMaxMs / 1000} s without a word from the server as a break`, async () => {
    await startWithFamily();
    transport.openLiveChannel();
    clock.advance(liveSilenceMaxMs - 1);
    transport.sendHeartbeat();
    clock.advance(liveSilenceMaxMs - 1);
    transport.poke({ familyId: crypto.randomUUID(), version: 1 });
    clock.advance(liveSilenceMaxMs - 1);
    expect(transport.liveIsOpen).toBe(true);
    expect(transport.liveOpenings).toBe(1);

    clock.advance(1);
    expect(transport.liveIsOpen).toBe(false);
    clock.advance(retryDelayMs(1, 0.5));
    expect(transport.liveOpenings).toBe(2);

    // A new connection that never opens is given up on the same way.
    clock.advance(liveSilenceMaxMs);
    expect(transport.liveIsOpen).toBe(false);
    clock.advance(retryDelayMs(2, 0.5));
    expect(transport.liveOpenings).toBe(3);
  });
});

describe('stopping for good', () => {
  it('426: says an update is required and stops syncing', async () => {
    const { familyId } = await startWithFamily();
    transport.failNext('push', new SyncTransportError('update-required', '426: Please update Hearth'));
    await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Hello' });
    await pushesMade(1);

    expect(engine.status.get()).toMatchObject({ updateRequired: true, phase: 'stopped' });
    expect(transport.liveIsOpen).toBe(false);
    expect(clock.pendingTimeouts()).toEqual([]);
    engine.requestSync();
    clock.advance(fallbackPullMs * 2);
    await engine.whenSettled();
    expect(transport.pushes).toHaveLength(1);
  });

  it('403: the device belongs to another account, so it stops and asks who is signed in now', async () => {
    const { familyId } = await startWithFamily();
    transport.failNext('push', new SyncTransportError('wrong-account', '403: This device belongs to another account'));
    const seq = await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Hello' });
    await pushesMade(1);

    expect(wrongAccountReports).toBe(1);
    expect(engine.status.get().phase).toBe('stopped');
    expect(await db.outbox.get(seq)).toMatchObject({ status: 'pending' });
    expect(transport.liveIsOpen).toBe(false);
    expect(clock.pendingTimeouts()).toEqual([]);
    clock.advance(fallbackPullMs * 2);
    await engine.whenSettled();
    expect(transport.pushes).toHaveLength(1);
  });

  it('a database closed for good (deleted by another tab) stops it instead of retrying', async () => {
    await startWithFamily();
    const pullsBefore = transport.pulls.length;
    db.close({ disableAutoOpen: true });

    engine.requestSync();
    await engine.whenSettled();

    expect(engine.status.get().phase).toBe('stopped');
    expect(transport.liveIsOpen).toBe(false);
    expect(clock.pendingTimeouts()).toEqual([]);
    clock.advance(fallbackPullMs * 2);
    await engine.whenSettled();
    expect(transport.pulls).toHaveLength(pullsBefore);
  });

  it('401: stops and leaves signing in again to the auth layer', async () => {
    await startWithFamily();
    const pullsBefore = transport.pulls.length;
    transport.failNext('pull', new SyncTransportError('signed-out', '401: {"error":"Unauthorized"}'));
    engine.requestSync();
    await engine.whenSettled();
    expect(transport.pulls).toHaveLength(pullsBefore + 1);

    engine.requestSync();
    clock.advance(fallbackPullMs * 2);
    await engine.whenSettled();
    expect(transport.pulls).toHaveLength(pullsBefore + 1);
    expect(transport.liveIsOpen).toBe(false);
  });
});

describe('stop', () => {
  it('abandons the request in flight at once, keeps its writes to send again, and starts nothing more', async () => {
    const { familyId } = await startWithFamily();
    const pullsBefore = transport.pulls.length;
    transport.holdNextPush();
    const seq = await write('post.create', { postId: crypto.randomUUID(), familyId, content: 'Hello' });
    await vi.waitFor(() => expect(transport.pushes).toHaveLength(1));

    engine.stop();
    await engine.whenSettled();

    expect(await db.outbox.get(seq)).toMatchObject({ status: 'pending' });
    expect(transport.pulls).toHaveLength(pullsBefore);
    expect(transport.liveIsOpen).toBe(false);
    expect(clock.pendingTimeouts()).toEqual([]);
    clock.advance(fallbackPullMs);
    engine.requestSync();
    await engine.whenSettled();
    expect(transport.pulls).toHaveLength(pullsBefore);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 1 s to a 60 s cap, with a jitter of 0.5 to 1.5', () => {
    expect([1, 2, 3, 6, 7, 8, 20].map((failures) => retryDelayMs(failures, 0.5))).toEqual([
      1000, 2000, 4000, 32000, 60000, 60000, 60000,
    ]);
    expect(retryDelayMs(1, 0)).toBe(500);
    expect(retryDelayMs(10, 0.999)).toBeCloseTo(89_940);
  });
});
