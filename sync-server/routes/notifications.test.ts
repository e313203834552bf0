import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { rejections, type SyncedNotification } from '../../schema/index.ts';
import { useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, signUpPerson, type NamedMutation, type Person } from '../testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';

const context = useTestApp();

const person = () => signUpPerson(context.app);

/** What the server holds for one person, newest first. */
async function notificationsOf({ account }: Person) {
  return context.sql<{ id: string; type: string; count: number; excerpt: string; is_read: boolean }[]>`
    select id, type, count, excerpt, is_read from notifications where user_id = ${account.user.id}
    order by updated_at desc, id
  `;
}

const post = (familyId: string, content: string, postId: string = randomUUID()): NamedMutation => ({
  name: 'post.create',
  args: { postId, familyId, content },
});
const message = (familyId: string, content: string): NamedMutation => ({
  name: 'message.send',
  args: { messageId: randomUUID(), familyId, messageType: 'text', content },
});

describe('notifications', () => {
  let grandma: Person;
  let son: Person;
  let cousin: Person;
  let familyId: string;

  beforeEach(async () => {
    [grandma, son, cousin] = await Promise.all([person(), person(), person()]);
    ({ familyId } = await createFamily(grandma.device, 'The Okonkwos'));
    await addMember(context.sql, familyId, son.account.user.id);
    await addMember(context.sql, familyId, cousin.account.user.id);
  });

  it('tells the other members of a new post, never its author, and gathers unread ones into one', async () => {
    await grandma.device.send(post(familyId, 'The plums are ripe'));
    expect(await notificationsOf(grandma)).toEqual([]);
    expect(await notificationsOf(son)).toEqual([
      expect.objectContaining({ type: 'new_post', count: 1, excerpt: 'The plums are ripe', is_read: false }),
    ]);

    await cousin.device.send(post(familyId, 'Jam!'), post(familyId, 'More jam'));
    expect(await notificationsOf(son)).toEqual([
      expect.objectContaining({ type: 'new_post', count: 3, excerpt: 'More jam' }),
    ]);

    // Read, then a new post starts a new one.
    const [read] = await notificationsOf(son);
    const answer = await son.device.send({ name: 'notification.read', args: { notificationId: read!.id } });
    expect(answer.results[0]).toMatchObject({ status: 'applied' });
    await grandma.device.send(post(familyId, 'Sunday lunch?'));
    expect((await notificationsOf(son)).map((each) => [each.count, each.is_read])).toEqual([
      [1, false],
      [3, true],
    ]);
  });

  it('tells a post’s author of comments by others, and an event’s maker of answers', async () => {
    const postId = randomUUID();
    await grandma.device.send(post(familyId, 'Photos from the wedding', postId));
    await grandma.device.send({ name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'Mine' } });
    await son.device.send({ name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'Lovely!' } });
    const eventId = randomUUID();
    await grandma.device.send({
      name: 'event.create',
      args: {
        eventId,
        familyId,
        title: 'Harvest lunch',
        description: null,
        location: null,
        startDate: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
        endDate: null,
        timeZone: 'Africa/Lagos',
        allDay: false,
      },
    });
    await cousin.device.send({ name: 'event.rsvp', args: { eventId, status: 'attending' } });

    expect((await notificationsOf(grandma)).map((each) => [each.type, each.excerpt])).toEqual([
      ['event_rsvp', 'attending:Harvest lunch'],
      ['post_comment', 'Lovely!'],
    ]);
    expect((await notificationsOf(cousin)).map((each) => each.type).sort()).toEqual(['new_event', 'new_post']);
  });

  it('gathers a burst of chat into one per conversation, spares whoever is reading, and reading clears it', async () => {
    await grandma.device.send(message(familyId, 'Anyone up?'));
    // The son reads it: he is in the chat now.
    await son.device.send({ name: 'chat.read', args: { familyId, readThrough: 1 } });
    for (let start = 0; start < 50; start += 25) {
      await grandma.device.send(...Array.from({ length: 25 }, (_, index) => message(familyId, `#${start + index}`)));
    }
    expect(await notificationsOf(cousin)).toEqual([
      expect.objectContaining({ type: 'chat_message', count: 51, excerpt: '#49', is_read: false }),
    ]);
    // His one notification, of the first message, was read with the chat; the burst told him nothing more.
    expect(await notificationsOf(son)).toEqual([expect.objectContaining({ count: 1, is_read: true })]);

    await cousin.device.send({ name: 'chat.read', args: { familyId, readThrough: 51 } });
    expect(await notificationsOf(cousin)).toEqual([expect.objectContaining({ is_read: true })]);
  });

  it('obeys each person’s settings', async () => {
    const patch = (account: TestAccount, payload: object) =>
      context.app.inject({ method: 'PATCH', url: '/api/settings', headers: { cookie: account.cookie }, payload });
    expect((await patch(son.account, { familyUpdates: false })).statusCode).toBe(200);
    expect((await patch(cousin.account, { chatMessages: false })).statusCode).toBe(200);
    await grandma.device.send(post(familyId, 'News'), message(familyId, 'Hello'));
    expect((await notificationsOf(son)).map((each) => each.type)).toEqual(['chat_message']);
    expect((await notificationsOf(cousin)).map((each) => each.type)).toEqual(['new_post']);
  });

  it('tells of a photo shared with a post or in the chat once, by the post or the message', async () => {
    const bytes = await phonePhoto({ width: 160, height: 120 });
    const [withPost, inChat, inAlbum] = [randomUUID(), randomUUID(), randomUUID()];
    for (const photoId of [withPost, inChat, inAlbum]) {
      await uploadPhotoFile(context.app, grandma.account.cookie, { familyId, photoId, bytes });
    }
    const photo = (photoId: string): NamedMutation => ({
      name: 'photo.create',
      args: { photoId, familyId, albumId: null, title: null, description: null },
    });
    await grandma.device.send(
      { name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Lunch', photoIds: [withPost] } },
      { name: 'message.send', args: { messageId: randomUUID(), familyId, messageType: 'photo', photoId: inChat } },
      photo(withPost),
      photo(inChat),
    );
    expect((await notificationsOf(son)).map((each) => each.type).sort()).toEqual(['chat_message', 'new_post']);
    await grandma.device.send(photo(inAlbum));
    expect((await notificationsOf(son)).map((each) => [each.type, each.count])).toContainEqual(['new_photos', 1]);
  });

  it('tells nothing of a family its member muted, and still tells them of their other families', async () => {
    const { familyId: otherFamily } = await createFamily(grandma.device, 'The Other Side');
    await addMember(context.sql, otherFamily, son.account.user.id);
    const muted = await context.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { cookie: son.account.cookie },
      payload: { mutedFamilyIds: [familyId] },
    });
    expect(muted.json()).toMatchObject({ mutedFamilyIds: [familyId] });
    await grandma.device.send(post(familyId, 'Muted news'), message(familyId, 'Hi'), post(otherFamily, 'Other news'));
    expect(await notificationsOf(son)).toEqual([expect.objectContaining({ type: 'new_post', excerpt: 'Other news' })]);
    expect(await notificationsOf(cousin)).toHaveLength(2);
  });

  it('sends each person only their own, refuses a read mark on someone else’s, and forgets a leaver’s', async () => {
    await grandma.device.send(post(familyId, 'Hello'));
    const [sons] = await notificationsOf(son);
    await son.device.pullAll();
    await cousin.device.pullAll();
    expect(son.device.rows.get(`notifications/${sons!.id}`)).toMatchObject<Partial<SyncedNotification>>({
      userId: son.account.user.id,
      type: 'new_post',
      actorId: grandma.account.user.id,
      count: 1,
    });
    expect(cousin.device.ids('notifications')).toHaveLength(1);
    expect(cousin.device.ids('notifications')).not.toContain(sons!.id);

    const refused = await cousin.device.send({ name: 'notification.read', args: { notificationId: sons!.id } });
    expect(refused.results[0]).toMatchObject({ status: 'rejected', reason: rejections.notMember });
    expect((await notificationsOf(son))[0]).toMatchObject({ is_read: false });

    await context.sql`delete from family_members where family_id = ${familyId} and user_id = ${son.account.user.id}`;
    expect(await notificationsOf(son)).toEqual([]);
  });

  it('tells the family when someone joins through an invitation link', async () => {
    const invitation = await context.app.inject({
      method: 'POST',
      url: `/api/families/${familyId}/invitations`,
      headers: { cookie: grandma.account.cookie },
      payload: {},
    });
    const newcomer = await person();
    const joined = await context.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: { cookie: newcomer.account.cookie },
      payload: { token: invitation.json<{ token: string }>().token, relationshipType: 'grandchild' },
    });
    expect(joined.statusCode).toBeLessThan(300);
    expect((await notificationsOf(son)).map((each) => each.type)).toEqual(['new_member']);
    expect(await notificationsOf(newcomer)).toEqual([]);
  });
});
