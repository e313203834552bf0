import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits, rejections, type SyncedVoiceNote } from '../../schema/index.ts';
import { notificationText } from '../../schema/notification-text.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';
import { recording, uploadVoiceFile } from '../testing/test-voice.ts';

const context = useTestApp();

let app: FastifyInstance;
let rose: TestAccount;
let roseDevice: TestDevice;
let son: TestAccount;
let sonDevice: TestDevice;
let familyId: string;
let photoId: string;
let twoSeconds: Buffer;

beforeAll(async () => {
  app = await context.buildApp({});
  rose = await signUp(app);
  son = await signUp(app);
  roseDevice = new TestDevice(app, rose);
  sonDevice = new TestDevice(app, son);
  ({ familyId } = await createFamily(roseDevice, 'The Okafors'));
  await addMember(context.sql, familyId, son.user.id);
  photoId = randomUUID();
  expect(
    (
      await uploadPhotoFile(app, rose.cookie, {
        familyId,
        photoId,
        bytes: await phonePhoto(),
      })
    ).statusCode,
  ).toBe(201);
  await roseDevice.send({
    name: 'photo.create',
    args: { photoId, familyId, albumId: null, title: null, description: null },
  });
  twoSeconds = await recording('chromeWebm', { seconds: 2 });
});

/** Records a voice note on `account`'s device and uploads it, as the device does before naming it. */
async function uploaded(account: TestAccount): Promise<string> {
  const voiceNoteId = randomUUID();
  const upload = await uploadVoiceFile(app, account.cookie, {
    familyId,
    voiceNoteId,
    bytes: twoSeconds,
  });
  expect(upload.statusCode).toBe(201);
  return voiceNoteId;
}

async function voiceNotesOn(device: TestDevice): Promise<SyncedVoiceNote[]> {
  await device.pullAll();
  return device.ids('voiceNotes').map((id) => device.rows.get(`voiceNotes/${id}`) as SyncedVoiceNote);
}

describe('voice notes (decision 0058)', () => {
  it('a voice message reaches the family with the length and waveform read from its sound, and says how long it is', async () => {
    const messageId = randomUUID();
    await roseDevice.send({
      name: 'message.send',
      args: { messageId, familyId, messageType: 'voice' },
    });
    const voiceNoteId = await uploaded(rose);
    const named = await roseDevice.send({
      name: 'voiceNote.create',
      args: { voiceNoteId, familyId, on: 'message', messageId },
    });
    expect(named.results).toEqual([expect.objectContaining({ status: 'applied' })]);

    const note = (await voiceNotesOn(sonDevice)).find((each) => each.id === voiceNoteId);
    expect(note).toMatchObject({
      authorId: rose.user.id,
      messageId,
      photoId: null,
    });
    expect(Math.abs(note!.durationMs - 2000)).toBeLessThan(100);
    expect(note!.peaks).toHaveLength(limits.voiceNotePeaks);
    expect(Math.max(...note!.peaks)).toBe(100);

    const [told] = await context.sql<{ type: 'chat_message'; count: number; excerpt: string }[]>`
      select type, count, excerpt from notifications where user_id = ${son.user.id} and type = 'chat_message'
    `;
    expect(notificationText(told!, 'Rose', 'The Okafors').title).toBe('Rose sent a voice message (0:02)');

    // Deleting the message takes its voice note, everywhere.
    await roseDevice.send({ name: 'message.delete', args: { messageId } });
    expect((await voiceNotesOn(sonDevice)).map((each) => each.id)).not.toContain(voiceNoteId);
  });

  it('a text message that looks like a voice note’s length is told as the words it is', async () => {
    await context.sql`update notifications set is_read = true where user_id = ${son.user.id}`;
    await roseDevice.send({
      name: 'message.send',
      args: { messageId: randomUUID(), familyId, messageType: 'text', content: 'voice:5000' },
    });
    const [told] = await context.sql<{ type: 'chat_message'; count: number; excerpt: string }[]>`
      select type, count, excerpt from notifications where user_id = ${son.user.id} and not is_read
    `;
    expect(notificationText(told!, 'Rose', 'The Okafors')).toEqual({
      title: 'Rose in the family chat',
      quote: 'voice:5000\u200b',
    });
  });

  it('refuses a voice note whose recording never arrived, or that names someone else’s message, writing nothing', async () => {
    const before = await context.sql`select id from voice_notes`;
    const missing = await sonDevice.send({
      name: 'voiceNote.create',
      args: { voiceNoteId: randomUUID(), familyId, on: 'photo', photoId },
    });
    expect(missing.results).toEqual([
      expect.objectContaining({
        status: 'rejected',
        reason: rejections.voiceFileMissing,
      }),
    ]);

    const rosesMessage = randomUUID();
    await roseDevice.send({
      name: 'message.send',
      args: { messageId: rosesMessage, familyId, messageType: 'voice' },
    });
    const sons = await uploaded(son);
    const taken = await sonDevice.send({
      name: 'voiceNote.create',
      args: {
        voiceNoteId: sons,
        familyId,
        on: 'message',
        messageId: rosesMessage,
      },
    });
    expect(taken.results).toEqual([
      expect.objectContaining({
        status: 'rejected',
        reason: rejections.notYourVoiceMessage,
      }),
    ]);
    // Rose cannot name the son's recording as hers.
    const notHers = await roseDevice.send({
      name: 'voiceNote.create',
      args: {
        voiceNoteId: sons,
        familyId,
        on: 'message',
        messageId: rosesMessage,
      },
    });
    expect(notHers.results).toEqual([
      expect.objectContaining({
        status: 'rejected',
        reason: rejections.voiceFileMissing,
      }),
    ]);
    expect(await context.sql`select id from voice_notes`).toEqual(before);
  });

  it('keeps one story per photo per person: telling it again replaces it, and the photo going takes them all', async () => {
    const first = await uploaded(son);
    const again = await uploaded(son);
    const roses = await uploaded(rose);
    await sonDevice.send({
      name: 'voiceNote.create',
      args: { voiceNoteId: first, familyId, on: 'photo', photoId },
    });
    await roseDevice.send({
      name: 'voiceNote.create',
      args: { voiceNoteId: roses, familyId, on: 'photo', photoId },
    });
    await sonDevice.send({
      name: 'voiceNote.create',
      args: { voiceNoteId: again, familyId, on: 'photo', photoId },
    });
    // Sent again after a lost answer: the same story, nothing new.
    const replayed = await new TestDevice(app, son).send({
      name: 'voiceNote.create',
      args: { voiceNoteId: again, familyId, on: 'photo', photoId },
    });
    expect(replayed.results).toEqual([expect.objectContaining({ status: 'applied' })]);

    const stories = (await voiceNotesOn(roseDevice)).filter((note) => note.photoId === photoId).map((note) => note.id);
    expect(stories.sort()).toEqual([again, roses].sort());

    await roseDevice.send({ name: 'photo.delete', args: { photoId } });
    expect((await voiceNotesOn(sonDevice)).filter((note) => note.photoId === photoId)).toEqual([]);
    const tombstoned = await context.sql<{ row_id: string }[]>`
      select row_id from sync_tombstones where table_name = 'voiceNotes' and row_id in (${first}, ${again}, ${roses})
    `;
    expect(tombstoned.map((row) => row.row_id).sort()).toEqual([first, again, roses].sort());
  });
  it('a voice comment reaches the family with its sound and tells the post’s author how long it is (decision 0065)', async () => {
    const postId = randomUUID();
    await roseDevice.send({ name: 'post.create', args: { postId, familyId, content: 'Our garden this morning' } });
    const commentId = randomUUID();
    await sonDevice.send({ name: 'comment.create', args: { commentId, postId, commentType: 'voice' } });
    const voiceNoteId = await uploaded(son);
    const named = await sonDevice.send({
      name: 'voiceNote.create',
      args: { voiceNoteId, familyId, on: 'comment', commentId },
    });
    expect(named.results).toEqual([expect.objectContaining({ status: 'applied' })]);

    await roseDevice.pullAll();
    expect(roseDevice.rows.get(`comments/${commentId}`)).toMatchObject({ commentType: 'voice', content: '' });
    const note = (await voiceNotesOn(roseDevice)).find((each) => each.id === voiceNoteId);
    expect(note).toMatchObject({ authorId: son.user.id, commentId, messageId: null, photoId: null });
    const [told] = await context.sql<{ type: 'post_comment'; count: number; excerpt: string }[]>`
      select type, count, excerpt from notifications where user_id = ${rose.user.id} and type = 'post_comment'
    `;
    expect(notificationText(told!, 'David', 'The Okafors').title).toBe('David left a voice comment (0:02) on your post');

    // Only the comment's author names a recording as its sound, and only a voice comment has one.
    const roses = await uploaded(rose);
    const textCommentId = randomUUID();
    await roseDevice.send({ name: 'comment.create', args: { commentId: textCommentId, postId, content: 'Lovely' } });
    for (const onComment of [commentId, textCommentId]) {
      const refused = await roseDevice.send({
        name: 'voiceNote.create',
        args: { voiceNoteId: roses, familyId, on: 'comment', commentId: onComment },
      });
      expect(refused.results).toEqual([
        expect.objectContaining({ status: 'rejected', reason: rejections.notYourVoiceComment }),
      ]);
    }

    // Deleting the post takes the comment and its voice note, everywhere.
    await roseDevice.send({ name: 'post.delete', args: { postId } });
    expect((await voiceNotesOn(sonDevice)).map((each) => each.id)).not.toContain(voiceNoteId);
    const tombstoned = await context.sql<{ table_name: string }[]>`
      select table_name from sync_tombstones where row_id in (${commentId}, ${voiceNoteId}) order by table_name
    `;
    expect(tombstoned.map((row) => row.table_name)).toEqual(['comments', 'voiceNotes']);
  });

  it('a voice comment deleted takes its voice note', async () => {
    const postId = randomUUID();
    await roseDevice.send({ name: 'post.create', args: { postId, familyId, content: 'Sunday lunch' } });
    const commentId = randomUUID();
    await sonDevice.send({ name: 'comment.create', args: { commentId, postId, commentType: 'voice' } });
    const voiceNoteId = await uploaded(son);
    await sonDevice.send({ name: 'voiceNote.create', args: { voiceNoteId, familyId, on: 'comment', commentId } });
    await sonDevice.send({ name: 'comment.delete', args: { commentId } });
    expect((await voiceNotesOn(roseDevice)).map((each) => each.id)).not.toContain(voiceNoteId);
    expect(await context.sql`select id from voice_notes where id = ${voiceNoteId}`).toEqual([]);
  });
});
