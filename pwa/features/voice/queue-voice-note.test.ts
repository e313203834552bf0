import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MutationArgs, MutationName } from '../../../schema/sync.ts';
import type { HearthDb, VoiceNoteTarget } from '../../db/hearth-db.ts';
import { createTestDb, testUser } from '../../sync/testing/test-db.ts';
import { writeLocally } from '../../sync/write.ts';
import { discardRecording, queueVoiceNote } from './queue-voice-note.ts';

const ada = testUser('ada');
let db: HearthDb;
let familyId: string;

async function write<N extends MutationName>(name: N, args: MutationArgs<N>): Promise<boolean> {
  await writeLocally(db, { signedInUser: ada }, name, args);
  return true;
}

beforeEach(async () => {
  db = createTestDb();
  familyId = crypto.randomUUID();
  await write('family.create', { familyId, memberId: crypto.randomUUID(), name: 'The Lovelaces' });
});

afterEach(async () => {
  await db.delete();
});

/** A recording queued for `target`, which the server then refused, as the uploader marks it. */
async function refusedRecording(target: VoiceNoteTarget) {
  const voiceNoteId = await queueVoiceNote(db, familyId, { blob: new Blob(['not sound']), durationMs: 2_000 }, target);
  await db.photoUploads.update(voiceNoteId, { state: 'refused', problem: 'This is not a recording Hearth can play' });
  return (await db.photoUploads.get(voiceNoteId))!;
}

const writesQueued = async () => (await db.outbox.toArray()).map((entry) => entry.name);

describe('discarding a recording the server refused', () => {
  it('takes the voice message written for it, so the chat no longer waits for its sound', async () => {
    const messageId = crypto.randomUUID();
    await write('message.send', { messageId, familyId, messageType: 'voice' });
    const upload = await refusedRecording({ on: 'message', messageId });

    await discardRecording(db, write, upload);
    expect(await db.photoUploads.count()).toBe(0);
    // The chat shows "Message deleted" where it said "Voice message on its way…", on every device.
    expect((await db.messages.get(messageId))?.deletedAt).not.toBeNull();
    expect(await writesQueued()).toEqual(['family.create', 'message.send', 'message.delete']);
  });

  it('takes the voice comment written for it from the post', async () => {
    const postId = crypto.randomUUID();
    const commentId = crypto.randomUUID();
    await write('post.create', { postId, familyId, content: 'Our garden' });
    await write('comment.create', { commentId, postId, commentType: 'voice' });
    const upload = await refusedRecording({ on: 'comment', commentId });

    await discardRecording(db, write, upload);
    expect(await db.photoUploads.count()).toBe(0);
    expect(await db.comments.get(commentId)).toBeUndefined();
    expect((await writesQueued()).at(-1)).toBe('comment.delete');
  });

  it('lets a photo’s story go alone: nothing was written for it', async () => {
    const upload = await refusedRecording({ on: 'photo', photoId: crypto.randomUUID() });
    await discardRecording(db, write, upload);
    expect(await db.photoUploads.count()).toBe(0);
    expect(await writesQueued()).toEqual(['family.create']);
  });

  it('keeps the recording when the message could not be deleted on the device, so Discard can be tried again', async () => {
    const messageId = crypto.randomUUID();
    await write('message.send', { messageId, familyId, messageType: 'voice' });
    const upload = await refusedRecording({ on: 'message', messageId });
    await discardRecording(db, async () => false, upload);
    expect(await db.photoUploads.get(upload.photoId)).toMatchObject({ state: 'refused' });
  });
});
