import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits, messages, rejections, type SyncedMessage } from '../../schema/index.ts';
import { chatReadKey } from '../../schema/sync-protocol.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice, type NamedMutation } from '../testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';

const context = useTestApp();

const text = (familyId: string, content: string, messageId: string = randomUUID()): NamedMutation => ({
  name: 'message.send',
  args: { messageId, familyId, messageType: 'text', content },
});
const photoMessage = (familyId: string, photoId: string): NamedMutation => ({
  name: 'message.send',
  args: { messageId: randomUUID(), familyId, messageType: 'photo', photoId },
});

/** The device's copy of a family's messages, by number. */
function messagesOf(device: TestDevice, familyId: string): SyncedMessage[] {
  return device
    .ids('messages')
    .map((id) => device.rows.get(`messages/${id}`) as SyncedMessage)
    .filter((message) => message.familyId === familyId)
    .sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
}

describe('chat', () => {
  let grandma: TestAccount;
  let grandson: TestAccount;
  let cousin: TestAccount;
  let grandmaDevice: TestDevice;
  let grandsonDevice: TestDevice;
  let cousinDevice: TestDevice;
  let familyId: string;

  beforeAll(async () => {
    [grandma, grandson, cousin] = await Promise.all([signUp(context.app), signUp(context.app), signUp(context.app)]);
    grandmaDevice = new TestDevice(context.app, grandma);
    grandsonDevice = new TestDevice(context.app, grandson);
    cousinDevice = new TestDevice(context.app, cousin);
    ({ familyId } = await createFamily(grandmaDevice, 'The Lindqvists'));
    await addMember(context.sql, familyId, grandson.user.id);
    await addMember(context.sql, familyId, cousin.user.id);
  });

  const inject = (account: TestAccount, method: 'GET' | 'POST', url: string, payload?: object) =>
    context.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

  it('numbers messages in the order the server takes them, one author’s in the order written', async () => {
    const burst = ['one', 'two', 'three', 'four', 'five'].map((word) => text(familyId, word));
    await grandsonDevice.send(...burst.slice(0, 2));
    await grandmaDevice.send(text(familyId, 'Hello dear'));
    await grandsonDevice.send(...burst.slice(2));
    // A replay of the whole burst (a lost answer) numbers nothing again.
    await grandsonDevice.pushQueued(
      burst.map((mutation, index) => ({ seq: index + 1, ...mutation, writtenAt: new Date().toISOString() })),
    );

    await cousinDevice.pullAll();
    const seen = messagesOf(cousinDevice, familyId);
    expect(seen.map((message) => [message.number, message.content])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'Hello dear'],
      [4, 'three'],
      [5, 'four'],
      [6, 'five'],
    ]);
    expect(seen[2]).toMatchObject({ senderId: grandma.user.id, messageType: 'text', photoId: null, deletedAt: null });
  });

  it('lists pages over the spec’s route, newest first page, older pages before a number, oldest first', async () => {
    const newest = await inject(grandma, 'GET', `/api/families/${familyId}/messages?limit=2`);
    expect(newest.statusCode).toBe(200);
    expect(newest.json().map((message: SyncedMessage) => message.number)).toEqual([5, 6]);
    const older = await inject(grandma, 'GET', `/api/families/${familyId}/messages?before=5&limit=3`);
    expect(older.json().map((message: SyncedMessage) => message.content)).toEqual(['two', 'Hello dear', 'three']);
    expect(older.json()[1].sender).toMatchObject({ id: grandma.user.id, firstName: grandma.user.firstName });
    expect(older.json()[1].sender).not.toHaveProperty('email');

    for (const query of ['before=abc', 'before=0', 'limit=1000', 'limit=0', 'around=3']) {
      const refused = await inject(grandma, 'GET', `/api/families/${familyId}/messages?${query}`);
      expect(refused.statusCode, query).toBe(400);
    }
  });

  it('sends a text message over the spec’s route as written, HTML and all, and refuses what is not one', async () => {
    const sent = await inject(grandson, 'POST', `/api/families/${familyId}/messages`, {
      content: '  <script>alert(1)</script> see you Sunday  ',
      messageType: 'text',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      senderId: grandson.user.id,
      number: 7,
      content: '<script>alert(1)</script> see you Sunday',
      messageType: 'text',
      sender: { id: grandson.user.id },
    });

    const refusals: [object, string][] = [
      [{ content: '' }, messages.messageEmpty],
      [{ content: ' \n\t ' }, messages.messageEmpty],
      [{ content: 'x'.repeat(limits.messageContentMax + 1) }, messages.messageTooLong],
      [{ content: 'A photo', messageType: 'photo' }, 'Only text messages can be sent here'],
      [{ content: 'hi', senderId: grandma.user.id }, ''],
    ];
    for (const [payload, error] of refusals) {
      const refused = await inject(grandson, 'POST', `/api/families/${familyId}/messages`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      if (error) expect(refused.json().error).toBe(error);
    }
    const [row] = await context.sql<{ count: string }[]>`
      select count(*) from messages where family_id = ${familyId}
    `;
    expect(Number(row?.count)).toBe(7);
  });

  it('refuses blank, too long and borrowed-photo messages over sync, each with its own sentence', async () => {
    const cousinsPhoto = randomUUID();
    const upload = await uploadPhotoFile(context.app, cousin.cookie, {
      familyId,
      photoId: cousinsPhoto,
      bytes: await phonePhoto(),
    });
    expect(upload.statusCode).toBe(201);
    // The same id in another family is a photo of that family's (decision 0068): here it is one still to come.
    const elsewhere = randomUUID();
    const otherFamily = await createFamily(cousinDevice, 'The Cousins');
    const otherUpload = await uploadPhotoFile(context.app, cousin.cookie, {
      familyId: otherFamily.familyId,
      photoId: elsewhere,
      bytes: await phonePhoto(),
    });
    expect(otherUpload.statusCode).toBe(201);

    const answer = await grandsonDevice.send(
      text(familyId, '   '),
      text(familyId, 'x'.repeat(limits.messageContentMax + 1)),
      photoMessage(familyId, cousinsPhoto),
      photoMessage(familyId, elsewhere),
    );
    expect(answer.results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied']);
    expect(answer.results[0]).toMatchObject({ reason: rejections.invalid(messages.messageEmpty) });
    expect(answer.results[1]).toMatchObject({ reason: rejections.invalid(messages.messageTooLong) });
    expect(answer.results[2]).toMatchObject({ reason: rejections.photoOfSomeoneElse });
    const shown = await context.app.inject({
      method: 'GET',
      url: `/api/photos/${elsewhere}/preview`,
      headers: { cookie: grandma.cookie },
    });
    expect(shown.statusCode).toBe(404);
  });

  it('shows a photo message, and a delete by its sender empties it everywhere and takes the photo along', async () => {
    const photoId = randomUUID();
    const messageId = randomUUID();
    await uploadPhotoFile(context.app, grandson.cookie, { familyId, photoId, bytes: await phonePhoto() });
    // The message goes before the photo's own write, as the app sends them.
    await grandsonDevice.send(
      { name: 'message.send', args: { messageId, familyId, messageType: 'photo', photoId } },
      { name: 'photo.create', args: { photoId, familyId, albumId: null, title: 'Beach', description: null } },
    );
    await grandmaDevice.pullAll();
    expect(grandmaDevice.rows.get(`messages/${messageId}`)).toMatchObject({ messageType: 'photo', photoId });

    // Another member may not delete it; the sender may, and a replay of the delete changes nothing.
    const refused = await cousinDevice.send({ name: 'message.delete', args: { messageId } });
    expect(refused.results[0]).toMatchObject({ status: 'rejected', reason: rejections.notAllowedToDelete });
    const deleted = await grandsonDevice.send(
      { name: 'message.delete', args: { messageId } },
      { name: 'message.delete', args: { messageId } },
    );
    expect(deleted.results.map((result) => result.status)).toEqual(['applied', 'applied']);

    await grandmaDevice.pullAll();
    const seen = grandmaDevice.rows.get(`messages/${messageId}`) as SyncedMessage;
    expect(seen).toMatchObject({ content: '', photoId: null, messageType: 'photo' });
    expect(seen.deletedAt).not.toBeNull();
    expect(grandmaDevice.rows.has(`photos/${photoId}`)).toBe(false);
  });

  it('lets an admin delete anyone’s message', async () => {
    const messageId = randomUUID();
    await cousinDevice.send(text(familyId, 'Oops, wrong family', messageId));
    const answer = await grandmaDevice.send({ name: 'message.delete', args: { messageId } });
    expect(answer.results[0]).toMatchObject({ status: 'applied' });
    const [row] = await context.sql`select content, deleted_at from messages where id = ${messageId}`;
    expect(row).toMatchObject({ content: '' });
    expect(row?.deleted_at).toBeInstanceOf(Date);
  });

  it('moves a read position only forward, never past the newest, and sends it to its person alone', async () => {
    const [row] = await context.sql<{ newest: string }[]>`
      select max(number) as newest from messages where family_id = ${familyId}
    `;
    const newest = Number(row?.newest);
    const answer = await grandsonDevice.send(
      { name: 'chat.read', args: { familyId, readThrough: 3 } },
      { name: 'chat.read', args: { familyId, readThrough: 2 } },
      { name: 'chat.read', args: { familyId, readThrough: 1_000_000 } },
    );
    expect(answer.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied']);

    await grandsonDevice.pullAll();
    await cousinDevice.pullAll();
    const key = chatReadKey({ familyId, userId: grandson.user.id });
    expect(grandsonDevice.rows.get(`chatReads/${key}`)).toEqual({
      id: key,
      familyId,
      userId: grandson.user.id,
      readThrough: newest,
    });
    expect(cousinDevice.ids('chatReads')).toEqual([]);
  });

  it('sends a device that holds nothing only the newest messages, and every new one after', async () => {
    const { familyId: bigFamily } = await createFamily(grandmaDevice, 'The Chatty Ones');
    const all = Array.from({ length: limits.messageWindow + 10 }, (_, index) => text(bigFamily, `#${index + 1}`));
    for (let start = 0; start < all.length; start += 100) await grandmaDevice.send(...all.slice(start, start + 100));

    const newDevice = new TestDevice(context.app, grandma);
    await newDevice.pullAll();
    const numbers = messagesOf(newDevice, bigFamily).map((message) => message.number);
    expect(numbers).toHaveLength(limits.messageWindow);
    expect(numbers[0]).toBe(11);
    expect(numbers.at(-1)).toBe(limits.messageWindow + 10);

    await grandmaDevice.send(text(bigFamily, 'One more'));
    await newDevice.pullAll();
    expect(messagesOf(newDevice, bigFamily).at(-1)).toMatchObject({ number: 511, content: 'One more' });
    expect(messagesOf(newDevice, bigFamily)).toHaveLength(limits.messageWindow + 1);
  });
});
