import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  pullResponseSchema,
  reactionKey,
  syncedTableDeclarations,
  syncedTables,
  usersNamedBy,
  type Change,
  type FamilyPull,
  type SyncedTable,
} from '../schema/index.ts';
import { writeToFamily } from './mutators/access.ts';
import { createFamilyRepository } from './repositories/family-repository.ts';
import { createNotificationRepository } from './repositories/notification-repository.ts';
import { createPostRepository } from './repositories/post-repository.ts';
import { currentEpoch } from './repositories/sync-history-repository.ts';
import { pullChanges } from './sync-pull.ts';
import { lockWaiters, openTransaction } from './testing/held-transaction.ts';
import { writeOneOfEach } from './testing/one-of-each.ts';
import { signUp, useTestApp } from './testing/test-app.ts';
import { addMember, createFamily, familyVersion, TestDevice } from './testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from './testing/test-photos.ts';
import { recording, uploadVoiceFile } from './testing/test-voice.ts';

const context = useTestApp();

async function newDevice() {
  return new TestDevice(context.app, await signUp(context.app));
}

/**
 * The family's changes in a pull, without the puller's own notifications: those come with what others write, and
 * notifications.test.ts says which.
 */
function changesOf(family: FamilyPull | undefined): Change[] {
  if (family?.status !== 'changes') throw new Error(`expected changes, got ${JSON.stringify(family)}`);
  return family.changes.filter((change) => change.table !== 'notifications');
}

/** One pull by `device`, in pages of the given sizes (the route's are larger), applied to it. */
async function pullInPages(device: TestDevice, pageMax: { first: number; resumed: number }) {
  const answer = await pullChanges(context.sql, {
    userId: device.account.user.id,
    deviceId: device.id,
    epoch: await currentEpoch(context.sql),
    cursors: [...device.cursors.values()],
    pageMax,
  });
  const parsed = pullResponseSchema.parse(JSON.parse(answer));
  device.apply(parsed);
  return parsed;
}

function describeChange(change: Change): string {
  return change.op === 'put' ? `put ${change.table} ${change.row.id}` : `delete ${change.table} ${change.id}`;
}

/** A family with a member, three posts, a comment and a reaction, made through pushes. */
async function busyFamily() {
  const admin = await newDevice();
  const { familyId, memberId: adminMemberId } = await createFamily(admin, 'The Busy Ones');
  const member = await newDevice();
  const { memberId } = await addMember(context.sql, familyId, member.account.user.id);
  const posts = [randomUUID(), randomUUID(), randomUUID()];
  const commentId = randomUUID();
  await admin.send(
    ...posts.map((postId, index) => ({
      name: 'post.create' as const,
      args: { postId, familyId, content: `Post ${index}` },
    })),
  );
  await member.send(
    { name: 'comment.create', args: { commentId, postId: posts[0]!, content: 'Lovely' } },
    { name: 'reaction.set', args: { postId: posts[0]!, reactionType: 'like', reacted: true } },
  );
  return { familyId, admin, adminMemberId, member, memberId, posts, commentId };
}

describe('pull', () => {
  it('brings a row of every synced table, and a new device holds the same as one that pulled all along', async () => {
    const grandma = await signUp(context.app);
    const son = await signUp(context.app);
    const { author, other } = await writeOneOfEach(context.app, context.sql, { author: son, other: grandma });
    await other.pullAll();
    await author.pullAll();
    const held = (table: (typeof syncedTables)[number]) => [...other.ids(table), ...author.ids(table)];
    expect(syncedTables.filter((table) => held(table).length === 0)).toEqual([]);
    const fresh = new TestDevice(context.app, grandma);
    await fresh.pullAll();
    expect(new Map([...fresh.rows].sort())).toEqual(new Map([...other.rows].sort()));
  });

  it('sends a new family whole, in (version, table, id) order, with its people but not their emails', async () => {
    const { familyId, admin, adminMemberId, member, memberId, posts, commentId } = await busyFamily();
    const device = new TestDevice(context.app, member.account);
    const response = await device.postPull([]);
    expect(response.statusCode).toBe(200);
    const answer = pullResponseSchema.parse(response.json());
    // Nothing the schema would strip: every row is exactly its synced shape.
    expect(answer).toEqual(response.json());
    expect(answer.more).toBe(false);
    expect(answer.lastAppliedSeq).toBe(0);
    expect(answer.families).toHaveLength(1);
    const family = answer.families[0];
    const reaction = reactionKey({ postId: posts[0]!, userId: member.account.user.id, reactionType: 'like' });
    // Version 1: the family and its creator; 2: the member added; 3–5: the posts; 6: the comment; 7: the reaction.
    expect(changesOf(family).map(describeChange)).toEqual([
      `put families ${familyId}`,
      `put members ${adminMemberId}`,
      `put members ${memberId}`,
      ...posts.map((postId) => `put posts ${postId}`),
      `put comments ${commentId}`,
      `put reactions ${reaction}`,
    ]);
    expect(family).toMatchObject({
      cursor: { familyId, version: await familyVersion(context.sql, familyId), resume: null },
    });
    const post = changesOf(family).find((change) => change.table === 'posts');
    expect(post).toEqual({
      table: 'posts',
      op: 'put',
      row: {
        id: posts[0],
        familyId,
        authorId: admin.account.user.id,
        content: 'Post 0',
        photoIds: [],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: expect.stringMatching(/Z$/),
      },
    });
    const people = [admin.account, member.account].map((account) => ({
      id: account.user.id,
      username: account.username,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      birthday: null,
    }));
    expect(answer.users).toEqual(expect.arrayContaining(people));
    expect(answer.users).toHaveLength(2);
    expect(JSON.stringify(answer)).not.toContain('@example.test');
  });

  it('then sends only what changed, and nothing when nothing did', async () => {
    const { familyId, admin, member, posts } = await busyFamily();
    const device = new TestDevice(context.app, member.account);
    await device.pullAll();
    const quiet = await device.pull();
    expect(quiet.families).toEqual([]);

    await admin.send({ name: 'post.update', args: { postId: posts[1]!, content: 'Edited' } });
    const answer = await device.pull();
    expect(answer.families).toHaveLength(1);
    expect(changesOf(answer.families[0])).toEqual([
      expect.objectContaining({
        table: 'posts',
        op: 'put',
        row: expect.objectContaining({ id: posts[1], content: 'Edited' }),
      }),
    ]);
    expect(answer.users.map((user) => user.id)).toEqual([admin.account.user.id]);
    expect(device.cursors.get(familyId)?.version).toBe(await familyVersion(context.sql, familyId));
  });

  it("answers how far the device's own mutations have been handled", async () => {
    const { member } = await busyFamily();
    expect((await member.pull()).lastAppliedSeq).toBe(2);
    expect((await new TestDevice(context.app, member.account).pull()).lastAppliedSeq).toBe(0);
  });

  it('sends deletions as tombstones, except to a device fetching the family from the start', async () => {
    const { familyId, admin, member, posts, commentId } = await busyFamily();
    await member.pullAll();
    expect(member.ids('comments')).toEqual([commentId]);
    const cursorBefore = member.cursors.get(familyId)!.version;

    await admin.send({ name: 'post.delete', args: { postId: posts[0]! } });
    const answer = await member.pull();
    const reaction = reactionKey({ postId: posts[0]!, userId: member.account.user.id, reactionType: 'like' });
    expect(changesOf(answer.families[0]).map(describeChange)).toEqual([
      `delete posts ${posts[0]}`,
      `delete comments ${commentId}`,
      `delete reactions ${reaction}`,
    ]);
    expect(member.ids('posts')).toEqual([posts[1]!, posts[2]!].sort());
    expect(member.ids('comments')).toEqual([]);
    expect(member.cursors.get(familyId)!.version).toBe(cursorBefore + 1);

    const fresh = new TestDevice(context.app, member.account);
    const fromStart = await fresh.pull();
    expect(changesOf(fromStart.families[0]).filter((change) => change.op === 'delete')).toEqual([]);
    expect(fromStart.families[0]).not.toHaveProperty('reset');
    expect(fresh.ids('posts')).toEqual(member.ids('posts'));
  });

  it('puts a reaction back after it was taken away, and forgets its tombstone', async () => {
    const { familyId, admin, posts } = await busyFamily();
    await admin.pullAll();
    const like = (reacted: boolean) => ({
      name: 'reaction.set' as const,
      args: { postId: posts[2]!, reactionType: 'like' as const, reacted },
    });
    const key = reactionKey({ postId: posts[2]!, userId: admin.account.user.id, reactionType: 'like' });
    await admin.send(like(true));
    await admin.pull();
    await admin.send(like(false));
    expect(changesOf((await admin.pull()).families[0]).map(describeChange)).toEqual([`delete reactions ${key}`]);
    await admin.send(like(true));
    expect(changesOf((await admin.pull()).families[0]).map(describeChange)).toEqual([`put reactions ${key}`]);
    const tombstones = await context.sql`
      select 1 from sync_tombstones where family_id = ${familyId} and table_name = 'reactions' and row_id = ${key}
    `;
    expect(tombstones).toHaveLength(0);
    expect(admin.ids('reactions')).toContain(key);
  });

  it('tells a removed member to drop the family, and a device naming a family it never had too', async () => {
    const { familyId, admin, member, memberId } = await busyFamily();
    await member.pullAll();
    expect(member.rows.size).toBeGreaterThan(0);
    await admin.send({ name: 'member.remove', args: { memberId } });
    const stranger = randomUUID();
    member.cursors.set(stranger, { familyId: stranger, version: 4, resume: null });
    const answer = await member.pull();
    expect(answer.families).toEqual([
      { status: 'drop', familyId },
      { status: 'drop', familyId: stranger },
    ]);
    expect(member.rows.size).toBe(0);
    // The admin's devices learn the member left.
    await admin.pullAll();
    expect(admin.ids('members')).not.toContain(memberId);
  });

  it("sends a member's new name to every family they are in", async () => {
    const { familyId, admin, member, memberId } = await busyFamily();
    const second = await createFamily(admin, 'Second family');
    await addMember(context.sql, second.familyId, member.account.user.id);
    await admin.pullAll();
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: member.account.cookie },
      payload: { firstName: 'Rosie' },
    });
    expect(response.statusCode).toBe(200);
    const answer = await admin.pull();
    expect(answer.families.map((family) => family.familyId).sort()).toEqual([familyId, second.familyId].sort());
    expect(changesOf(answer.families.find((family) => family.familyId === familyId))).toEqual([
      expect.objectContaining({ table: 'members', op: 'put', row: expect.objectContaining({ id: memberId }) }),
    ]);
    // With the admin, whom the member's relationship is to (decision 0062): their row names both.
    expect(answer.users.map((user) => user.id).sort()).toEqual([member.account.user.id, admin.account.user.id].sort());
    expect(answer.users).toContainEqual(expect.objectContaining({ id: member.account.user.id, firstName: 'Rosie' }));
  });

  it('pages through large families, resuming where it stopped in larger pages, and ends with what a single pull sees', async () => {
    const { familyId, admin, posts } = await busyFamily();
    const other = await createFamily(admin, 'Other family');
    await admin.send(
      ...Array.from({ length: 6 }, (_, index) => ({
        name: 'post.create' as const,
        args: { postId: randomUUID(), familyId: other.familyId, content: `Other ${index}` },
      })),
    );
    const pager = new TestDevice(context.app, admin.account);
    // The busy family first: a device's own cursors come before the families it does not have yet.
    pager.cursors.set(familyId, { familyId, version: 0, resume: null });
    const pageMax = { first: 5, resumed: 7 };
    const pullPage = () => pullInPages(pager, pageMax);

    const first = await pullPage();
    expect(first.more).toBe(true);
    expect(first.families).toHaveLength(1);
    const cutShort = first.families[0]!;
    expect(cutShort).toMatchObject({ familyId, cursor: { version: 0, resume: expect.any(String) } });
    expect(changesOf(cutShort)).toHaveLength(pageMax.first);
    expect(pager.ids('posts')).toEqual([posts[0]!, posts[1]!].sort());

    // Between pages: a post already sent is deleted, one not sent yet is edited, a new one is written.
    await admin.send(
      { name: 'post.delete', args: { postId: posts[0]! } },
      { name: 'post.update', args: { postId: posts[2]!, content: 'Edited while paging' } },
      { name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Written while paging' } },
    );
    let answer = first;
    const resumedSizes: number[] = [];
    while (answer.more) {
      answer = await pullPage();
      const sent = answer.families.flatMap((family) => (family.status === 'changes' ? family.changes : []));
      resumedSizes.push(sent.length);
    }
    // Carrying on where the first page stopped, each page holds up to the larger size.
    expect(Math.max(...resumedSizes)).toBe(pageMax.resumed);
    for (const cursor of pager.cursors.values()) expect(cursor.resume).toBeNull();

    const whole = new TestDevice(context.app, admin.account);
    expect(await whole.pullAll()).toBe(1);
    expect(new Map([...pager.rows].sort())).toEqual(new Map([...whole.rows].sort()));
    expect(pager.ids('posts')).not.toContain(posts[0]);
    expect(pager.rows.get(`posts/${posts[2]}`)).toMatchObject({ content: 'Edited while paging' });
    expect(whole.ids('posts')).toHaveLength(2 + 1 + 6);
  });

  it('starts a family over when the resume token is not one it made', async () => {
    const { familyId, member } = await busyFamily();
    const device = new TestDevice(context.app, member.account);
    device.cursors.set(familyId, { familyId, version: 0, resume: 'not-a-token' });
    await device.pullAll();
    const whole = new TestDevice(context.app, member.account);
    await whole.pullAll();
    expect(device.rows).toEqual(whole.rows);
  });

  it('starts over, and says so, a family being fetched from 0 whose resume token it did not make', async () => {
    const { familyId, admin, posts } = await busyFamily();
    const pager = new TestDevice(context.app, admin.account);
    const pullPage = () => pullInPages(pager, { first: 4, resumed: 4 });
    await pullPage();
    expect(pager.ids('posts')).toEqual([posts[0]!]);
    // Deleted between pages, and the token the device sends back is not one the server made.
    await admin.send({ name: 'post.delete', args: { postId: posts[0]! } });
    pager.cursors.set(familyId, { familyId, version: 0, resume: 'mangled' });

    const restarted = await pullPage();
    expect(restarted.families[0]).toMatchObject({ familyId, reset: true });
    while ((await pullPage()).more);
    const whole = new TestDevice(context.app, admin.account);
    await whole.pullAll();
    expect(pager.ids('posts')).not.toContain(posts[0]);
    expect(pager.rows).toEqual(whole.rows);
  });

  it('fetches a family again from its cursor, no reset, when a later page has a token it did not make', async () => {
    const { familyId, admin, member, posts } = await busyFamily();
    await member.pullAll();
    const cursor = member.cursors.get(familyId)!;
    await admin.send({ name: 'post.delete', args: { postId: posts[0]! } });
    member.cursors.set(familyId, { ...cursor, resume: 'mangled' });
    const answer = await member.pull();
    expect(answer.families[0]).not.toHaveProperty('reset');
    expect(changesOf(answer.families[0]).map(describeChange)).toContain(`delete posts ${posts[0]}`);
    expect(member.ids('posts')).toEqual([posts[1]!, posts[2]!].sort());
  });

  it('refuses a cursor naming a family in upper case', async () => {
    const { familyId, member } = await busyFamily();
    const response = await member.postPull([{ familyId: familyId.toUpperCase(), version: 0, resume: null }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'cursors.0.familyId' });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'makes a second writer wait for the first, and a pull between them sees neither and skips nothing',
    async () => {
      const first = await newDevice();
      const { familyId } = await createFamily(first, 'Taking turns');
      const second = await newDevice();
      await addMember(context.sql, familyId, second.account.user.id);
      const puller = new TestDevice(context.app, first.account);
      await puller.pullAll();
      const cursorBefore = puller.cursors.get(familyId);

      // The first writer has moved the family on and written its post, and has not committed yet.
      const held = await openTransaction(context.sql);
      const heldPostId = randomUUID();
      const heldVersion = await createFamilyRepository(held.tx).bumpVersion(familyId);
      await createPostRepository(held.tx).create({
        id: heldPostId,
        familyId,
        authorId: first.account.user.id,
        content: 'Written first, committed first',
        photoIds: [],
        version: heldVersion!,
        writtenAt: new Date(),
      });
      const secondPostId = randomUUID();
      let secondAnswered = false;
      const secondWrite = second
        .send({ name: 'post.create', args: { postId: secondPostId, familyId, content: 'Waits its turn' } })
        .finally(() => {
          secondAnswered = true;
        });
      await lockWaiters(context.sql, 1);
      expect(secondAnswered).toBe(false);

      const between = await puller.pull();
      expect(between.families).toEqual([]);
      expect(puller.cursors.get(familyId)).toEqual(cursorBefore);

      await held.commit();
      expect((await secondWrite).results).toEqual([{ seq: 1, status: 'applied' }]);
      const after = await puller.pull();
      expect(changesOf(after.families[0]).map(describeChange)).toEqual([
        `put posts ${heldPostId}`,
        `put posts ${secondPostId}`,
      ]);
      expect(puller.cursors.get(familyId)?.version).toBe(heldVersion! + 1);
    },
  );

  it('never lets a puller skip a change while two members write at once', async () => {
    const first = await newDevice();
    const { familyId } = await createFamily(first, 'Busy writers');
    const second = await newDevice();
    await addMember(context.sql, familyId, second.account.user.id);
    const puller = new TestDevice(context.app, first.account);

    const write = async (device: TestDevice, rounds: number) => {
      const mine: string[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const postId = randomUUID();
        mine.push(postId);
        await device.send(
          { name: 'post.create', args: { postId, familyId, content: `Round ${round}` } },
          { name: 'reaction.set', args: { postId, reactionType: 'like', reacted: true } },
          { name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'Me first' } },
        );
        const earlier = mine[round - 2];
        if (earlier) await device.send({ name: 'post.delete', args: { postId: earlier } });
      }
    };
    let writing = true;
    const pulling = (async () => {
      let pulls = 0;
      while (writing || pulls === 0) {
        await puller.pull();
        pulls += 1;
      }
      return pulls;
    })();
    await Promise.all([write(first, 15), write(second, 15)]);
    writing = false;
    expect(await pulling).toBeGreaterThan(1);
    await puller.pullAll();

    for (const [table, sqlTable] of [
      ['posts', 'posts'],
      ['comments', 'comments'],
      ['members', 'family_members'],
    ] as const) {
      const rows = await context.sql<{ id: string }[]>`
        select id::text from ${context.sql(sqlTable)} where family_id = ${familyId} order by id
      `;
      expect(puller.ids(table)).toEqual(rows.map((row) => row.id).sort());
    }
    const reactions = await context.sql<{ key: string }[]>`
      select post_id || ':' || user_id || ':' || reaction_type as key from post_reactions where family_id = ${familyId}
    `;
    expect(puller.ids('reactions')).toEqual(reactions.map((row) => row.key).sort());
    expect(puller.ids('posts')).toHaveLength(4);
  });

  it('needs a session, and registers the device to the puller', async () => {
    const anonymous = await context.app.inject({ method: 'POST', url: '/api/sync/pull', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const device = await newDevice();
    await device.pull();
    const [row] = await context.sql`select user_id from sync_devices where id = ${device.id}`;
    expect(row).toEqual({ user_id: device.account.user.id });
  });

  it('writes nothing for a device it knows, which pulls every 30 s: only new devices and stale last-seen times', async () => {
    const device = await newDevice();
    await device.pull();
    // xmin changes with every write of the row.
    const version = async () =>
      (await context.sql<{ xmin: string }[]>`select xmin::text from sync_devices where id = ${device.id}`)[0]?.xmin;
    const afterFirstPull = await version();
    await device.pull();
    await device.pull();
    expect(await version()).toBe(afterFirstPull);

    await context.sql`update sync_devices set last_seen_at = now() - interval '2 hours' where id = ${device.id}`;
    await device.pull();
    const [seen] = await context.sql<{ recent: boolean }[]>`
      select last_seen_at > now() - interval '1 minute' as recent from sync_devices where id = ${device.id}`;
    expect(seen?.recent).toBe(true);
  });
});

/** The field naming the one person a table's rows are sent to, whom their device knows already. */
const ownersOf: Partial<Record<SyncedTable, string>> = { chatReads: 'userId', notifications: 'userId' };

describe("a row's times as the API writes them", () => {
  it('sends every synced table, times in toISOString form (the instant PostgreSQL holds), with the people named', async () => {
    const admin = await newDevice();
    const { familyId } = await createFamily(admin, 'Every table');
    const member = await newDevice();
    await addMember(context.sql, familyId, member.account.user.id);
    const [postId, photoId, albumId, eventId, messageId] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const upload = await uploadPhotoFile(context.app, admin.account.cookie, {
      familyId,
      photoId,
      bytes: await phonePhoto(),
    });
    expect(upload.statusCode).toBe(201);
    await admin.send(
      { name: 'post.create', args: { postId, familyId, content: 'Every table' } },
      { name: 'album.create', args: { albumId, familyId, name: 'Album', description: null } },
      { name: 'photo.create', args: { photoId, familyId, albumId, title: null, description: null } },
      {
        name: 'event.create',
        args: {
          eventId,
          familyId,
          title: 'Picnic',
          description: null,
          location: null,
          startDate: '2031-06-01T11:30:00.250Z',
          endDate: '2031-06-01T15:00:00.000Z',
          timeZone: 'Europe/London',
          allDay: false,
        },
      },
      { name: 'event.rsvp', args: { eventId, status: 'attending' } },
      { name: 'message.send', args: { messageId, familyId, messageType: 'text', content: 'Hello' } },
      { name: 'message.delete', args: { messageId } },
      { name: 'chat.read', args: { familyId, readThrough: 1 } },
    );
    // The story of the photo, in the admin's voice.
    const voiceNoteId = randomUUID();
    const recorded = await uploadVoiceFile(context.app, admin.account.cookie, {
      familyId,
      voiceNoteId,
      bytes: await recording('chromeWebm', { seconds: 1 }),
    });
    expect(recorded.statusCode).toBe(201);
    await admin.send({ name: 'voiceNote.create', args: { voiceNoteId, familyId, on: 'photo', photoId } });
    // The member's comment and like earn the admin notifications; so does the member tagging the admin.
    await member.send(
      { name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'Lovely' } },
      { name: 'reaction.set', args: { postId, reactionType: 'like', reacted: true } },
      { name: 'photo.tag', args: { photoId, userId: admin.account.user.id, point: { x: 0.5, y: 0.5 } } },
    );
    // And one that names nobody (a reminder, an archive ready): no one to send along for it.
    await writeToFamily(context.sql, familyId, async (tx, writeVersion) => {
      await createNotificationRepository(tx).notify({
        familyId,
        type: 'export_ready',
        groupKey: `export:${randomUUID()}`,
        relatedId: randomUUID(),
        actorId: null,
        excerpt: '',
        version: await writeVersion(),
        recipients: [admin.account.user.id],
      });
    });

    const device = new TestDevice(context.app, admin.account);
    await device.pullAll();
    const people = new Set([admin.account.user.id, member.account.user.id]);
    for (const table of syncedTables) {
      const rows = [...device.rows].filter(([key]) => key.startsWith(`${table}/`)).map(([, row]) => row);
      expect(rows, table).not.toHaveLength(0);
      for (const row of rows) {
        // A field naming someone is declared, so the pull sends their name along (but whose rows these are); a time
        // is declared, so the check below sees it.
        for (const [field, value] of Object.entries(row as Record<string, unknown>)) {
          if (typeof value !== 'string') continue;
          if (/^\d{4}-\d\d-\d\dT/.test(value)) {
            expect(syncedTableDeclarations[table].timeFields, `${table}.${field} is a time`).toContain(field);
          }
          if (!people.has(value) || ownersOf[table] === field) continue;
          expect(syncedTableDeclarations[table].userFields, `${table}.${field} names a person`).toContain(field);
        }
        for (const field of syncedTableDeclarations[table].timeFields) {
          const time = (row as Record<string, unknown>)[field];
          if (time !== null) expect(time, `${table}.${field}`).toBe(new Date(time as string).toISOString());
        }
        for (const userId of usersNamedBy(table, row as never)) expect([...device.users.keys()]).toContain(userId);
      }
    }
    expect(device.rows.get(`events/${eventId}`)).toMatchObject({
      startDate: '2031-06-01T11:30:00.250Z',
      endDate: '2031-06-01T15:00:00.000Z',
    });
    expect(device.rows.get(`messages/${messageId}`)).toMatchObject({ deletedAt: expect.any(String) });
    const [post] = await context.sql<[{ created_at: Date }]>`select created_at from posts where id = ${postId}`;
    expect(device.rows.get(`posts/${postId}`)).toMatchObject({ createdAt: post.created_at.toISOString() });
  });
});
