import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MutationArgs, MutationName, SyncedMessage, SyncedUser } from '../../../schema/sync.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { forgetOlderMessages, keepFetchedMessages } from '../../sync/message-window.ts';
import { createTestDb, testUser } from '../../sync/testing/test-db.ts';
import { writeLocally } from '../../sync/write.ts';
import { readChat } from './read-chat.ts';
import { countUnread } from './unread-chat.ts';

const ada = testUser('ada');
const grace = testUser('grace');
let db: HearthDb;
let familyId: string;
let minute = 0;

function write<N extends MutationName>(author: SyncedUser, name: N, args: MutationArgs<N>) {
  minute += 1;
  const now = new Date(Date.UTC(2026, 10, 25, 12, minute)).toISOString();
  return writeLocally(db, { signedInUser: author, now }, name, args);
}

/** Messages as a pull leaves them on the device: the server's rows, numbered. */
function serverMessages(numbers: number[], senderId = grace.id): SyncedMessage[] {
  return numbers.map((number) => ({
    id: crypto.randomUUID(),
    familyId,
    senderId,
    number,
    content: `#${number}`,
    messageType: 'text',
    photoId: null,
    createdAt: new Date(Date.UTC(2026, 10, 26, 9, number)).toISOString(),
    deletedAt: null,
  }));
}

const contents = async () => (await readChat(db, familyId, ada.id)).messages.map((message) => message.content);

beforeEach(async () => {
  db = createTestDb();
  familyId = crypto.randomUUID();
  await write(ada, 'family.create', { familyId, memberId: crypto.randomUUID(), name: 'The Lovelaces' });
  await db.users.bulkPut([grace]);
});

afterEach(async () => {
  await db.delete();
});

describe('the conversation on the device', () => {
  it('shows numbered messages in order, then this person’s unsent ones in the order written', async () => {
    await db.messages.bulkPut(serverMessages([2, 1, 3]));
    for (const content of ['first', 'second', 'third']) {
      await write(ada, 'message.send', { messageId: crypto.randomUUID(), familyId, messageType: 'text', content });
    }
    const chat = await readChat(db, familyId, ada.id);
    expect(chat.messages.map((message) => [message.number, message.content])).toEqual([
      [1, '#1'],
      [2, '#2'],
      [3, '#3'],
      [null, 'first'],
      [null, 'second'],
      [null, 'third'],
    ]);
    expect(chat.messages[0]?.sender).toEqual(grace);
    expect(chat.olderBefore).toBeNull();
  });

  it('shows only the unbroken run that ends at the newest, and asks for what lies before it', async () => {
    await db.messages.bulkPut(serverMessages([3, 4, 7, 8, 9]));
    expect(await contents()).toEqual(['#7', '#8', '#9']);
    expect((await readChat(db, familyId, ada.id)).olderBefore).toBe(7);

    // The page before 7 arrives from the server: the run reaches down to 3, and then to the start.
    await keepFetchedMessages(
      db,
      serverMessages([5, 6]).map((message) => ({ ...message, sender: grace })),
    );
    expect(await contents()).toEqual(['#3', '#4', '#5', '#6', '#7', '#8', '#9']);
    expect((await readChat(db, familyId, ada.id)).olderBefore).toBe(3);
  });

  it('never puts a fetched copy over a row the device holds, nor keeps rows of a family it left', async () => {
    const [held] = serverMessages([1]);
    if (!held) throw new Error('no message');
    await db.messages.put({ ...held, content: '', deletedAt: '2026-11-25T10:00:00.000Z' });
    const otherFamily = { ...serverMessages([1])[0]!, familyId: crypto.randomUUID() };
    await keepFetchedMessages(db, [
      { ...held, sender: grace },
      { ...otherFamily, sender: grace },
    ]);
    expect(await db.messages.get(held.id)).toMatchObject({ deletedAt: '2026-11-25T10:00:00.000Z' });
    expect(await db.messages.get(otherFamily.id)).toBeUndefined();
  });

  it('counts what others sent after the read position, not deleted ones, and follows the position', async () => {
    // #1 was sent before Ada joined: never unread for her.
    await db.messages.bulkPut([
      { ...serverMessages([1])[0]!, createdAt: '2020-01-01T00:00:00.000Z' },
      ...serverMessages([2, 3, 4]),
      ...serverMessages([5], ada.id),
      { ...serverMessages([6])[0]!, content: '', deletedAt: '2026-11-26T10:00:00.000Z' },
    ]);
    await write(ada, 'message.send', { messageId: crypto.randomUUID(), familyId, messageType: 'text', content: 'hi' });
    expect(await countUnread(db, familyId, ada.id)).toBe(3);
    await write(ada, 'chat.read', { familyId, readThrough: 3 });
    expect(await countUnread(db, familyId, ada.id)).toBe(1);
    // A position only moves forward, here as on the server.
    await write(ada, 'chat.read', { familyId, readThrough: 2 });
    expect(await countUnread(db, familyId, ada.id)).toBe(1);
  });

  it('forgets all but the newest of each family when syncing starts, never a message waiting to be sent', async () => {
    await db.messages.bulkPut(serverMessages([1, 2, 3, 4, 5, 6]));
    const [oldest] = await db.messages.where('[familyId+number]').equals([familyId, 1]).toArray();
    // A delete of the oldest is waiting: its row is the rebase's, and stays.
    await write(ada, 'message.delete', { messageId: oldest!.id });
    await write(ada, 'message.send', { messageId: crypto.randomUUID(), familyId, messageType: 'text', content: 'new' });

    expect(await forgetOlderMessages(db, 3)).toBe(2);
    const left = await db.messages.where('familyId').equals(familyId).toArray();
    expect(left.map((message) => message.number).sort()).toEqual([1, 4, 5, 6, null]);
    expect(await contents()).toEqual(['#4', '#5', '#6', 'new']);
  });
});
