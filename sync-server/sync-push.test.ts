import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mutationNameMax, pushResponseSchema, rejections, syncProtocolVersion } from '../schema/index.ts';
import { createSyncRepository } from './repositories/sync-repository.ts';
import { currentEpoch } from './repositories/sync-history-repository.ts';
import { failPostsContaining } from './testing/database-failures.ts';
import { createRecordingNotifier, signUp, useTestApp } from './testing/test-app.ts';
import { addMember, createFamily, familyVersion, TestDevice } from './testing/test-device.ts';

const context = useTestApp();

async function newDevice() {
  return new TestDevice(context.app, await signUp(context.app));
}

async function countPosts(familyId: string): Promise<number> {
  const [row] = await context.sql<{ count: number }[]>`select count(*)::int from posts where family_id = ${familyId}`;
  return row?.count ?? 0;
}

async function watermark(deviceId: string): Promise<number> {
  const [row] = await context.sql<{ seq: string }[]>`
    select last_applied_seq as seq from sync_devices where id = ${deviceId}
  `;
  return Number(row?.seq);
}

function postCreate(familyId: string, content = 'Hello family', postId = randomUUID()) {
  return { name: 'post.create' as const, args: { postId, familyId, content } };
}

describe('push', () => {
  it('applies a batch in order and answers how far the device is', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const first = postCreate(familyId, 'First');
    const answer = await device.send(first, {
      name: 'post.update',
      args: { postId: first.args.postId, content: 'First, edited' },
    });
    expect(answer).toEqual({
      epoch: await currentEpoch(context.sql),
      results: [
        { seq: 2, status: 'applied' },
        { seq: 3, status: 'applied' },
      ],
      lastAppliedSeq: 3,
    });
    const [post] = await context.sql`select content, author_id from posts where id = ${first.args.postId}`;
    expect(post).toEqual({ content: 'First, edited', author_id: device.account.user.id });
  });

  it('gives a batch sent twice its effects once', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const post = postCreate(familyId);
    const batch = device.queue(post, {
      name: 'comment.create',
      args: { commentId: randomUUID(), postId: post.args.postId, content: 'First!' },
    });
    const first = await device.pushQueued(batch);
    expect(first.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    const versionAfterFirst = await familyVersion(context.sql, familyId);

    const again = await device.pushQueued(batch);
    expect(again).toEqual({
      epoch: await currentEpoch(context.sql),
      results: [
        { seq: 2, status: 'duplicate' },
        { seq: 3, status: 'duplicate' },
      ],
      lastAppliedSeq: 3,
    });
    expect(await countPosts(familyId)).toBe(1);
    const [comments] = await context.sql<{ count: number }[]>`
      select count(*)::int from comments where post_id = ${post.args.postId}
    `;
    expect(comments?.count).toBe(1);
    expect(await familyVersion(context.sql, familyId)).toBe(versionAfterFirst);
  });

  it('stops at a gap and looks at nothing after it', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const [lost, second, third] = device.queue(postCreate(familyId), postCreate(familyId), postCreate(familyId));

    const answer = await device.pushQueued([second!, third!]);
    expect(answer).toEqual({ epoch: await currentEpoch(context.sql), results: [], lastAppliedSeq: 1, gap: { expectedSeq: 2 } });
    expect(await countPosts(familyId)).toBe(0);

    const withHole = await device.pushQueued([lost!, third!]);
    expect(withHole).toEqual({
      epoch: await currentEpoch(context.sql),
      results: [{ seq: 2, status: 'applied' }],
      lastAppliedSeq: 2,
      gap: { expectedSeq: 3 },
    });
    expect(await countPosts(familyId)).toBe(1);
    expect(await watermark(device.id)).toBe(2);
  });

  it('rejects a mutation that can never succeed, keeps why, and applies the ones after it', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const batch = device.queue(
      postCreate(familyId, 'Before'),
      postCreate(familyId, '   '),
      { name: 'post.update', args: { postId: randomUUID(), content: 'Edit of nothing' } },
      postCreate(familyId, 'After'),
    );
    const answer = await device.pushQueued(batch);
    expect(answer.results).toEqual([
      { seq: 2, status: 'applied' },
      { seq: 3, status: 'rejected', reason: rejections.invalid('Write something to share') },
      { seq: 4, status: 'rejected', reason: rejections.notMember },
      { seq: 5, status: 'applied' },
    ]);
    expect(answer.lastAppliedSeq).toBe(5);
    const contents = await context.sql<{ content: string }[]>`
      select content from posts where family_id = ${familyId} order by content
    `;
    expect(contents.map((row) => row.content)).toEqual(['After', 'Before']);

    const stored = await context.sql`
      select seq::int, name, reason from sync_rejections where device_id = ${device.id} order by seq
    `;
    expect(stored).toEqual([
      { seq: 3, name: 'post.create', reason: rejections.invalid('Write something to share') },
      { seq: 4, name: 'post.update', reason: rejections.notMember },
    ]);
    // A device that lost the answer learns the reason from the duplicate.
    const again = await device.pushQueued(batch.slice(1, 3));
    expect(again.results).toEqual([
      { seq: 3, status: 'duplicate', reason: rejections.invalid('Write something to share') },
      { seq: 4, status: 'duplicate', reason: rejections.notMember },
    ]);
  });

  it('rejects a mutation the database refuses for good (a broken rule), and moves on', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const removeFailure = await failPostsContaining(context.sql, 'breaks a rule', '23514');
    try {
      const answer = await device.send(postCreate(familyId, 'breaks a rule'), postCreate(familyId, 'fine'));
      expect(answer.results).toEqual([
        { seq: 2, status: 'rejected', reason: rejections.unexpected },
        { seq: 3, status: 'applied' },
      ]);
      expect(await countPosts(familyId)).toBe(1);
    } finally {
      await removeFailure();
    }
  });

  it('answers 503 on a transient failure, keeping what came before and moving nothing past it', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const removeFailure = await failPostsContaining(context.sql, 'server going away', '57P01');
    const batch = device.queue(
      postCreate(familyId, 'kept'),
      postCreate(familyId, 'server going away'),
      postCreate(familyId, 'after the failure'),
    );
    const versionBefore = await familyVersion(context.sql, familyId);
    try {
      const response = await device.postPush(batch);
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body.error).toEqual(expect.any(String));
      expect(pushResponseSchema.parse(body)).toEqual({ epoch: await currentEpoch(context.sql), results: [{ seq: 2, status: 'applied' }], lastAppliedSeq: 2 });
      expect(await watermark(device.id)).toBe(2);
      expect(await countPosts(familyId)).toBe(1);
      expect(await familyVersion(context.sql, familyId)).toBe(versionBefore + 1);
    } finally {
      await removeFailure();
    }

    const retry = await device.pushQueued(batch);
    expect(retry.results).toEqual([
      { seq: 2, status: 'duplicate' },
      { seq: 3, status: 'applied' },
      { seq: 4, status: 'applied' },
    ]);
    const contents = await context.sql<{ content: string }[]>`
      select content from posts where family_id = ${familyId} order by created_at, content
    `;
    expect(contents.map((row) => row.content).sort()).toEqual(['after the failure', 'kept', 'server going away']);
  });

  it("refuses a push with another user's device and changes nothing", async () => {
    const owner = await newDevice();
    const { familyId } = await createFamily(owner);
    const intruder = new TestDevice(context.app, await signUp(context.app), owner.id);
    await addMember(context.sql, familyId, intruder.account.user.id);
    const versionBefore = await familyVersion(context.sql, familyId);

    const writtenAt = new Date().toISOString();
    const response = await intruder.postPush([
      { seq: 2, name: 'post.create', args: postCreate(familyId).args, writtenAt },
    ]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.any(String) });
    expect(await countPosts(familyId)).toBe(0);
    expect(await watermark(owner.id)).toBe(1);
    expect(await familyVersion(context.sql, familyId)).toBe(versionBefore);
    const [device] = await context.sql`select user_id from sync_devices where id = ${owner.id}`;
    expect(device).toEqual({ user_id: owner.account.user.id });

    const pull = await intruder.postPull();
    expect(pull.statusCode).toBe(403);
  });

  it('rejects a write to a family the user has left, and writes nothing', async () => {
    const admin = await newDevice();
    const { familyId } = await createFamily(admin);
    const member = await newDevice();
    const { memberId } = await addMember(context.sql, familyId, member.account.user.id);
    const left = await member.send({ name: 'member.remove', args: { memberId } });
    expect(left.results).toEqual([{ seq: 1, status: 'applied' }]);
    const versionBefore = await familyVersion(context.sql, familyId);

    const answer = await member.send(postCreate(familyId, 'Still here?'));
    expect(answer.results).toEqual([{ seq: 2, status: 'rejected', reason: rejections.notMember }]);
    expect(await countPosts(familyId)).toBe(0);
    expect(await familyVersion(context.sql, familyId)).toBe(versionBefore);
  });

  it('asks a device speaking an older protocol to update, whatever else its body says', async () => {
    const device = await newDevice();
    const expected = { error: 'Please update Hearth to keep syncing', code: 'update_required' };
    const push = await device.postPush(device.queue(postCreate(randomUUID())), {
      protocolVersion: syncProtocolVersion - 1,
    });
    expect(push.statusCode).toBe(426);
    expect(push.json()).toEqual(expected);
    const oldShape = await context.app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: { cookie: device.account.cookie },
      payload: { protocolVersion: 0, clientId: 'from an old version', since: 12 },
    });
    expect(oldShape.statusCode).toBe(426);
    expect(oldShape.json()).toEqual(expected);
    const [registered] = await context.sql`select 1 from sync_devices where id = ${device.id}`;
    expect(registered).toBeUndefined();
  });

  it('needs a session and a well-formed body', async () => {
    const device = await newDevice();
    const anonymous = await context.app.inject({ method: 'POST', url: '/api/sync/push', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const empty = await device.postPush([]);
    expect(empty.statusCode).toBe(400);
    const longName = await device.postPush([{ seq: 1, name: 'x'.repeat(mutationNameMax + 1), args: {} }]);
    expect(longName.statusCode).toBe(400);
    const upperCaseDevice = await device.postPush(device.queue(postCreate(randomUUID())), {
      deviceId: randomUUID().toUpperCase(),
    });
    expect(upperCaseDevice.statusCode).toBe(400);
    expect(upperCaseDevice.json()).toMatchObject({ field: 'deviceId' });
  });

  it('rejects a mutation it does not know for that mutation alone, keeps why, and applies the next', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const [unknown, after] = device.queue(postCreate(familyId, 'placeholder'), postCreate(familyId, 'After'));
    const answer = await device.pushQueued([{ ...unknown!, name: 'post.explode' }, after!]);
    const reason = rejections.invalid("Hearth's server does not know this kind of change");
    expect(answer).toEqual({
      epoch: await currentEpoch(context.sql),
      results: [
        { seq: 2, status: 'rejected', reason },
        { seq: 3, status: 'applied' },
      ],
      lastAppliedSeq: 3,
    });
    const stored = await context.sql`select seq::int, name, reason from sync_rejections where device_id = ${device.id}`;
    expect(stored).toEqual([{ seq: 2, name: 'post.explode', reason }]);
    const contents = await context.sql`select content from posts where family_id = ${familyId}`;
    expect(contents).toEqual([{ content: 'After' }]);
  });

  it('rejects a mutation naming an id in upper case, which would compare unequal to the same id stored', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const answer = await device.send(postCreate(familyId.toUpperCase()));
    expect(answer.results).toEqual([{ seq: 2, status: 'rejected', reason: rejections.invalid('Must be a valid id') }]);
    expect(await countPosts(familyId)).toBe(0);
  });

  it("locks a device only for its owner, inside each mutation's transaction", async () => {
    const owner = await newDevice();
    await createFamily(owner);
    const other = await signUp(context.app);
    const [forOwner, forOther] = await context.sql.begin(async (tx) => {
      const devices = createSyncRepository(tx);
      return [
        await devices.lockDevice(owner.id, owner.account.user.id),
        await devices.lockDevice(owner.id, other.user.id),
      ];
    });
    expect(forOwner).toMatchObject({ lastAppliedSeq: 1 });
    expect(forOther).toBeNull();
  });

  it('takes a full batch of the longest posts, over the 1 MiB other requests are held to', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const longest = '€'.repeat(5000);
    const answer = await device.send(...Array.from({ length: 100 }, () => postCreate(familyId, longest)));
    expect(answer.results.filter((result) => result.status === 'applied')).toHaveLength(100);
    expect(await countPosts(familyId)).toBe(100);
  });

  it('leaves one row, and the family at its version, after a create replayed 1,000 times in a row', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const create = postCreate(familyId, 'Only once');
    await device.send(create);
    const versionAfterCreate = await familyVersion(context.sql, familyId);
    // Every replay under a seq of its own: the mutator itself must see that the row is already there.
    for (let batch = 0; batch < 10; batch += 1) {
      const answer = await device.send(...Array.from({ length: 100 }, () => create));
      expect(answer.results.every((result) => result.status === 'applied')).toBe(true);
    }
    expect(await watermark(device.id)).toBe(1002);
    expect(await countPosts(familyId)).toBe(1);
    expect(await familyVersion(context.sql, familyId)).toBe(versionAfterCreate);
  });

  it('neither moves the family on nor pokes anyone for replays that change nothing', async () => {
    const notifier = createRecordingNotifier();
    const app = await context.buildApp({}, { notifier });
    const device = new TestDevice(app, await signUp(app));
    const { familyId } = await createFamily(device);
    const post = postCreate(familyId, 'Once');
    const comment = { commentId: randomUUID(), postId: post.args.postId, content: 'Once too' };
    const like = (reacted: boolean) => ({
      name: 'reaction.set' as const,
      args: { postId: post.args.postId, reactionType: 'like' as const, reacted },
    });
    await device.send(post, { name: 'comment.create', args: comment }, like(true));
    const version = await familyVersion(context.sql, familyId);
    const published = notifier.published.length;

    const replays = await device.send(post, { name: 'comment.create', args: comment }, like(true), like(true));
    expect(replays.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(await familyVersion(context.sql, familyId)).toBe(version);
    expect(notifier.published.length).toBe(published);

    // Taking the like away changes something; taking it away again does not.
    const unset = await device.send(like(false), like(false));
    expect(unset.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(await familyVersion(context.sql, familyId)).toBe(version + 1);
    expect(notifier.published.slice(published)).toEqual([{ familyId, version: version + 1, membershipChanged: [] }]);
  });

  it('publishes one change per family for a whole batch, at its last version, even if a failure stops it', async () => {
    const notifier = createRecordingNotifier();
    const app = await context.buildApp({}, { notifier });
    const device = new TestDevice(app, await signUp(app));
    const first = await createFamily(device, 'First');
    const second = await createFamily(device, 'Second');
    notifier.published.length = 0;

    await device.send(
      ...Array.from({ length: 5 }, () => postCreate(first.familyId)),
      ...Array.from({ length: 3 }, () => postCreate(second.familyId)),
      postCreate(first.familyId),
    );
    expect(notifier.published).toEqual([
      { familyId: first.familyId, version: await familyVersion(context.sql, first.familyId), membershipChanged: [] },
      { familyId: second.familyId, version: await familyVersion(context.sql, second.familyId), membershipChanged: [] },
    ]);

    notifier.published.length = 0;
    const removeFailure = await failPostsContaining(context.sql, 'stops the batch', '57P01');
    try {
      const batch = device.queue(postCreate(first.familyId), postCreate(first.familyId, 'stops the batch'));
      expect((await device.postPush(batch)).statusCode).toBe(503);
    } finally {
      await removeFailure();
    }
    expect(notifier.published).toEqual([
      { familyId: first.familyId, version: await familyVersion(context.sql, first.familyId), membershipChanged: [] },
    ]);
  });

  it('leaves one row after 50 replays of a create at the same moment', async () => {
    const device = await newDevice();
    const { familyId } = await createFamily(device);
    const create = postCreate(familyId, 'Only once, in parallel');
    const [queued] = device.queue(create);
    // The same request 50 times (a retry storm), and the same create from 50 devices of the same person.
    const sameRequest = await Promise.all(Array.from({ length: 50 }, () => device.pushQueued([queued!])));
    const statuses = sameRequest.map((answer) => answer.results[0]?.status);
    expect(statuses.filter((status) => status === 'applied')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'duplicate')).toHaveLength(49);

    const devices = Array.from({ length: 50 }, () => new TestDevice(context.app, device.account));
    const manyDevices = await Promise.all(devices.map((other) => other.send(create)));
    expect(manyDevices.every((answer) => answer.results[0]?.status === 'applied')).toBe(true);
    expect(await countPosts(familyId)).toBe(1);
  });

  it("takes an id another family uses as its own row, and leaves that family's alone (decision 0068)", async () => {
    const first = await newDevice();
    const { familyId } = await createFamily(first);
    const post = postCreate(familyId, 'Mine');
    await first.send(post);
    const second = await newDevice();
    const other = await createFamily(second, 'The Joneses');
    const postId = post.args.postId;
    const answer = await second.send(
      postCreate(other.familyId, 'Same id', postId),
      { name: 'post.update', args: { postId, familyId: other.familyId, content: 'Changed' } },
      // Named by its id alone, as an app from before writes named their family sent it: the one in their family.
      { name: 'post.delete', args: { postId } },
      // A member id is one in its family too.
      { name: 'family.create', args: { familyId: randomUUID(), memberId: other.memberId, name: 'Reused member id' } },
    );
    expect(answer.results.map(({ status }) => status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const rows = await context.sql<{ family_id: string; content: string }[]>`
      select family_id, content from posts where id = ${postId}
    `;
    expect(rows).toEqual([{ family_id: familyId, content: 'Mine' }]);
    const [deleted] = await context.sql<{ family_id: string }[]>`
      select family_id from sync_tombstones where table_name = 'posts' and row_id = ${postId}
    `;
    expect(deleted?.family_id).toBe(other.familyId);
    const members = await context.sql`select 1 from family_members where id = ${other.memberId}`;
    expect(members).toHaveLength(2);
  });
});
