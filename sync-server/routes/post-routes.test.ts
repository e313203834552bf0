import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commentSchema, postReactionSchema, postSchema, publicUserSchema, type Post } from '../../schema/index.ts';
import { buildApp } from '../app.ts';
import { createLocalNotifier } from '../sync-notifier.ts';
import { signUp, testConfig, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, TestDevice } from '../testing/test-device.ts';

const context = useTestApp();

/** The answer's exact shape: nothing more than the schema names, and never an author's email. */
const author = publicUserSchema.strict();
const feedAnswer = z.array(
  postSchema
    .extend({
      author,
      reactions: z.array(postReactionSchema.strict()),
      comments: z.array(commentSchema.extend({ author }).strict()),
    })
    .strict(),
);

function feed(account: TestAccount, familyId: string, query = ''): Promise<LightMyRequestResponse> {
  return context.app.inject({
    method: 'GET',
    url: `/api/families/${familyId}/posts${query}`,
    headers: { cookie: account.cookie },
  });
}

async function readFeed(account: TestAccount, familyId: string, query = ''): Promise<Post[]> {
  const response = await feed(account, familyId, query);
  expect(response.statusCode).toBe(200);
  return feedAnswer.parse(response.json());
}

async function newFamily(account: TestAccount): Promise<string> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/families',
    headers: { cookie: account.cookie },
    payload: { name: 'The Smiths' },
  });
  return response.json().id;
}

/** A post written `minutesAgo`: posts made one after another in a test may share a millisecond. */
async function postAt(account: TestAccount, familyId: string, content: string, minutesAgo: number): Promise<string> {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/families/${familyId}/posts`,
    headers: { cookie: account.cookie },
    payload: { content },
  });
  expect(response.statusCode).toBe(201);
  const postId: string = response.json().id;
  await context.sql`
    update posts set created_at = now() - make_interval(mins => ${minutesAgo}) where id = ${postId}
  `;
  return postId;
}

async function commentAt(device: TestDevice, postId: string, content: string, minutesAgo: number): Promise<string> {
  const commentId = randomUUID();
  const answer = await device.send({ name: 'comment.create', args: { commentId, postId, content } });
  expect(answer.results[0]?.status).toBe('applied');
  await context.sql`
    update comments set created_at = now() - make_interval(mins => ${minutesAgo}) where id = ${commentId}
  `;
  return commentId;
}

function react(account: TestAccount, postId: string): Promise<LightMyRequestResponse> {
  return context.app.inject({
    method: 'POST',
    url: `/api/posts/${postId}/react`,
    headers: { cookie: account.cookie },
    payload: { reactionType: 'like' },
  });
}

/** A family whose admin wrote `count` posts, one a minute, the newest first in the answer. */
async function familyWithPosts(count: number) {
  const admin = await signUp(context.app);
  const familyId = await newFamily(admin);
  const contents = Array.from({ length: count }, (_, index) => `Post ${index + 1}`);
  for (const [index, content] of contents.entries()) await postAt(admin, familyId, content, count - index);
  return { admin, familyId, newestFirst: contents.reverse() };
}

describe('GET /api/families/:id/posts', () => {
  it('answers the posts newest first, with their authors, reactions and comments oldest first', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const member = await signUp(context.app);
    await addMember(context.sql, familyId, member.user.id);
    await context.sql`update users set first_name = 'Ada' where id = ${member.user.id}`;
    const older = await postAt(admin, familyId, 'Older', 10);
    const newer = await postAt(member, familyId, 'Newer', 5);
    expect((await react(member, older)).statusCode).toBe(200);
    const memberDevice = new TestDevice(context.app, member);
    const adminDevice = new TestDevice(context.app, admin);
    const later = await commentAt(memberDevice, older, 'Later comment', 1);
    const earlier = await commentAt(adminDevice, older, 'Earlier comment', 3);

    const posts = await readFeed(member, familyId);
    expect(posts.map((post) => post.id)).toEqual([newer, older]);
    expect(posts[0]).toMatchObject({
      content: 'Newer',
      authorId: member.user.id,
      author: { id: member.user.id, username: member.username, firstName: 'Ada', lastName: null },
      reactions: [],
      comments: [],
    });
    expect(posts[1]).toEqual({
      id: older,
      familyId,
      authorId: admin.user.id,
      content: 'Older',
      photoIds: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      author: {
        id: admin.user.id,
        username: admin.username,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        birthday: null,
      },
      reactions: [{ postId: older, userId: member.user.id, reactionType: 'like', createdAt: expect.any(String) }],
      comments: [
        expect.objectContaining({ id: earlier, content: 'Earlier comment', authorId: admin.user.id }),
        expect.objectContaining({ id: later, content: 'Later comment', authorId: member.user.id }),
      ],
    });
    expect(posts[1]!.comments[1]!.author).toEqual({
      id: member.user.id,
      username: member.username,
      firstName: 'Ada',
      lastName: null,
      profileImageUrl: null,
      birthday: null,
    });
  });

  it('answers a family without posts with an empty list', async () => {
    const admin = await signUp(context.app);
    expect(await readFeed(admin, await newFamily(admin))).toEqual([]);
  });

  it('pages with ?limit= (20 unless asked) and ?before=', async () => {
    const { admin, familyId, newestFirst } = await familyWithPosts(25);
    const contents = (posts: Post[]) => posts.map((post) => post.content);
    const firstPage = await readFeed(admin, familyId);
    expect(contents(firstPage)).toEqual(newestFirst.slice(0, 20));
    const lastShown = firstPage.at(-1)!.createdAt;
    expect(contents(await readFeed(admin, familyId, `?before=${lastShown}`))).toEqual(newestFirst.slice(20));
    const small = await readFeed(admin, familyId, '?limit=3');
    expect(contents(small)).toEqual(newestFirst.slice(0, 3));
    const next = await readFeed(admin, familyId, `?limit=3&before=${encodeURIComponent(small.at(-1)!.createdAt)}`);
    expect(contents(next)).toEqual(newestFirst.slice(3, 6));
    expect(await readFeed(admin, familyId, '?limit=100')).toHaveLength(25);
    const beforeAll = new Date(Date.parse(firstPage.at(-1)!.createdAt) - 60 * 60_000).toISOString();
    expect(await readFeed(admin, familyId, `?before=${beforeAll}`)).toEqual([]);
  });

  it('pages on with ?beforeId= past posts that share the millisecond of the last one shown', async () => {
    const { admin, familyId } = await familyWithPosts(5);
    // Posts replayed from one device's outbox can be written within one millisecond.
    await context.sql`update posts set created_at = '2026-03-01T09:00:00.000Z' where family_id = ${familyId}`;
    const shown: string[] = [];
    let query = '?limit=2';
    for (let page = 0; page < 4; page += 1) {
      const posts = await readFeed(admin, familyId, query);
      shown.push(...posts.map((post) => post.id));
      const last = posts.at(-1);
      if (!last) break;
      query = `?limit=2&before=${encodeURIComponent(last.createdAt)}&beforeId=${last.id}`;
    }
    const allNewestFirst = await context.sql<{ id: string }[]>`
      select id from posts where family_id = ${familyId} order by created_at desc, id desc
    `;
    expect(shown).toEqual(allNewestFirst.map((row) => row.id));
  });

  it('refuses a beforeId without its before, or one that is not an id, with 400', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    const withoutBefore = await feed(admin, familyId, `?beforeId=${randomUUID()}`);
    expect(withoutBefore.statusCode).toBe(400);
    expect(withoutBefore.json()).toMatchObject({ field: 'before' });
    const notAnId = await feed(admin, familyId, `?before=2026-03-01T09:00:00.000Z&beforeId=last`);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toMatchObject({ field: 'beforeId' });
  });

  it('refuses a limit outside 1 to 100 and a before that is not a time with 400', async () => {
    const admin = await signUp(context.app);
    const familyId = await newFamily(admin);
    for (const limit of ['0', '101', 'ten', '2.5', '', '-1']) {
      const response = await feed(admin, familyId, `?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'limit', error: 'Must be a whole number from 1 to 100' });
    }
    for (const before of ['yesterday', '2026-13-01T00:00:00Z', '']) {
      const response = await feed(admin, familyId, `?before=${before}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'before', error: 'Must be a date and time' });
    }
  });

  it("answers another family's id exactly like an id that does not exist", async () => {
    const { familyId } = await familyWithPosts(1);
    const stranger = await signUp(context.app);
    const foreign = await feed(stranger, familyId);
    const missing = await feed(stranger, randomUUID());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Not found' });
    expect(foreign.body).toBe(missing.body);
    expect((await feed(stranger, familyId, '?limit=5')).body).toBe(missing.body);
  });

  it('reads a page in the same few queries however much is on it', async () => {
    let queries = 0;
    const counted = postgres(context.databaseUrl, { max: 1, onnotice: () => {}, debug: () => (queries += 1) });
    const notifier = createLocalNotifier();
    const app = await buildApp({ config: testConfig(), sql: counted, notifier });
    const queriesToRead = async (account: TestAccount, familyId: string) => {
      queries = 0;
      const response = await app.inject({
        method: 'GET',
        url: `/api/families/${familyId}/posts`,
        headers: { cookie: account.cookie },
      });
      expect(response.statusCode).toBe(200);
      return queries;
    };
    try {
      const quiet = await familyWithPosts(1);
      const busy = await familyWithPosts(12);
      const device = new TestDevice(context.app, busy.admin);
      for (const post of await readFeed(busy.admin, busy.familyId)) {
        await react(busy.admin, post.id);
        await commentAt(device, post.id, 'Lovely', 0);
      }
      // The first request also meets the connection's setup and the session's touch: not part of a read.
      await queriesToRead(quiet.admin, quiet.familyId);
      await queriesToRead(busy.admin, busy.familyId);
      const forOnePost = await queriesToRead(quiet.admin, quiet.familyId);
      expect(forOnePost).toBeLessThanOrEqual(5);
      expect(await queriesToRead(busy.admin, busy.familyId)).toBe(forOnePost);
    } finally {
      await app.close();
      await notifier.close();
      await counted.end({ timeout: 5 });
    }
  });
});
