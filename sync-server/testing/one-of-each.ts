import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SyncedTable } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import type { TestAccount } from './test-app.ts';
import { addMember, TestDevice, type NamedMutation } from './test-device.ts';
import { phonePhoto, uploadPhotoFile } from './test-photos.ts';
import { recording, uploadVoiceFile } from './test-voice.ts';

/** The family and people `writeOneOfEach` writes in: `author` wrote one row of each synced table. */
export type OneOfEach = { familyId: string; author: TestDevice; other: TestDevice };

type Write = (
  family: OneOfEach & { app: FastifyInstance; sql: Sql; authorPostId: string; otherPostId: string },
) => Promise<unknown>;

const send = (device: TestDevice, ...mutations: NamedMutation[]) => device.send(...mutations);

/**
 * One write per synced table, each as people make it (docs/decisions/0038-one-declaration-derives-the-rest.md):
 * typed over every table, so a table added to schema/synced-tables.ts fails the typecheck here until it has its
 * write, and every test built on `writeOneOfEach` (the pull, account deletion, Download My Data) then covers it.
 * Each row names `author` where its table names a person; the family is `other`'s, with `author` a member.
 */
const oneWrite: { [T in SyncedTable]: Write } = {
  families: async ({ other, familyId }) =>
    send(other, { name: 'family.create', args: { familyId, memberId: randomUUID(), name: 'The Okafors' } }),
  members: ({ sql, familyId, author }) => addMember(sql, familyId, author.account.user.id),
  posts: ({ author, familyId, authorPostId }) =>
    send(author, { name: 'post.create', args: { postId: authorPostId, familyId, content: 'We landed' } }),
  // On the other's post: it also gives them a notification naming the author.
  comments: ({ author, otherPostId }) =>
    send(author, { name: 'comment.create', args: { commentId: randomUUID(), postId: otherPostId, content: 'Yum' } }),
  reactions: ({ author, otherPostId }) =>
    send(author, { name: 'reaction.set', args: { postId: otherPostId, reactionType: 'like', reacted: true } }),
  albums: ({ author, familyId }) =>
    send(author, { name: 'album.create', args: { albumId: randomUUID(), familyId, name: 'Summer', description: null } }),
  photos: async ({ app, author, familyId }) => {
    const photoId = randomUUID();
    await uploadPhotoFile(app, author.account.cookie, {
      familyId,
      photoId,
      bytes: await phonePhoto({ width: 200, height: 150 }),
    });
    return send(author, {
      name: 'photo.create',
      args: { photoId, familyId, albumId: null, title: 'Beach', description: null },
    });
  },
  // The author tags the other in their photo: the other is told, by a notification naming the author.
  photoTags: async ({ sql, author, other, familyId }) => {
    const [photo] = await sql<{ id: string }[]>`select id from photos where family_id = ${familyId} limit 1`;
    return send(author, {
      name: 'photo.tag',
      args: { photoId: photo!.id, userId: other.account.user.id, point: { x: 0.25, y: 0.5 } },
    });
  },
  events: ({ author, familyId }) =>
    send(author, {
      name: 'event.create',
      args: {
        eventId: randomUUID(),
        familyId,
        title: 'Lunch',
        description: null,
        location: null,
        startDate: new Date(Date.now() + 9 * 86_400_000).toISOString(),
        endDate: null,
        timeZone: 'UTC',
        allDay: false,
      },
    }),
  rsvps: async ({ sql, author, familyId }) => {
    const [event] = await sql<{ id: string }[]>`select id from events where family_id = ${familyId} limit 1`;
    return send(author, { name: 'event.rsvp', args: { eventId: event!.id, status: 'attending' } });
  },
  messages: ({ author, familyId }) =>
    send(author, {
      name: 'message.send',
      args: { messageId: randomUUID(), familyId, messageType: 'text', content: 'Hi all' },
    }),
  chatReads: ({ author, familyId }) => send(author, { name: 'chat.read', args: { familyId, readThrough: 1 } }),
  // Made by the server: the other's comment on the author's post tells the author (and the author's comment above
  // told the other, naming the author).
  notifications: ({ other, authorPostId }) =>
    send(other, {
      name: 'comment.create',
      args: { commentId: randomUUID(), postId: authorPostId, content: 'Welcome home' },
    }),
  // The author's story of their photo, told in their own voice.
  voiceNotes: async ({ app, sql, author, familyId }) => {
    const [photo] = await sql<{ id: string }[]>`select id from photos where family_id = ${familyId} limit 1`;
    const voiceNoteId = randomUUID();
    const bytes = await recording('chromeWebm', { seconds: 1 });
    await uploadVoiceFile(app, author.account.cookie, { familyId, voiceNoteId, bytes });
    return send(author, { name: 'voiceNote.create', args: { voiceNoteId, familyId, on: 'photo', photoId: photo!.id } });
  },
};

/** Writes one row of every synced table (`oneWrite`), in pull order, and answers where. */
export async function writeOneOfEach(
  app: FastifyInstance,
  sql: Sql,
  people: { author: TestAccount; other: TestAccount },
): Promise<OneOfEach> {
  const family: OneOfEach = {
    familyId: randomUUID(),
    author: new TestDevice(app, people.author),
    other: new TestDevice(app, people.other),
  };
  const [authorPostId, otherPostId] = [randomUUID(), randomUUID()];
  for (const [table, write] of Object.entries(oneWrite)) {
    await write({ ...family, app, sql, authorPostId, otherPostId });
    if (table === 'members') {
      await send(family.other, {
        name: 'post.create',
        args: { postId: otherPostId, familyId: family.familyId, content: 'Plums' },
      });
    }
  }
  return family;
}
