import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobLog } from '../jobs/job-queue.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice, type NamedMutation } from '../testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';
import { startTestPushService, type TestPushSubscription } from '../testing/test-push-service.ts';
import { deliverPendingPushes, type PushSettings } from './push-delivery.ts';

const context = useTestApp();
let pushService: Awaited<ReturnType<typeof startTestPushService>>;
let settings: PushSettings;
const warnings: object[] = [];
const log: JobLog = { info() {}, warn: (report) => warnings.push(report), error: (report) => warnings.push(report) };

beforeAll(async () => {
  pushService = await startTestPushService();
  settings = { contact: 'mailto:test@hearth.invalid', extraServiceOrigins: [pushService.origin] };
  context.app = await context.buildApp({ pushServiceOrigins: [pushService.origin] });
});
afterAll(() => pushService.close());

type Person = { account: TestAccount; device: TestDevice };

async function person(): Promise<Person> {
  const account = await signUp(context.app);
  const device = new TestDevice(context.app, account);
  await device.pull();
  return { account, device };
}

async function subscribe({ account, device }: Person): Promise<TestPushSubscription> {
  const channels = await context.app.inject({
    method: 'GET',
    url: '/api/notification-channels',
    headers: { cookie: account.cookie },
  });
  expect(channels.statusCode).toBe(200);
  const subscription = await pushService.subscribe(channels.json().pushPublicKey);
  const answer = await putSubscription(account, { deviceId: device.id, ...subscription, clientHash: undefined });
  expect(answer.statusCode, answer.body).toBe(204);
  return subscription;
}

function putSubscription(account: TestAccount, payload: object) {
  return context.app.inject({
    method: 'PUT',
    url: '/api/push/subscription',
    headers: { cookie: account.cookie },
    payload: JSON.parse(JSON.stringify(payload)),
  });
}

const message = (familyId: string, content: string): NamedMutation => ({
  name: 'message.send',
  args: { messageId: randomUUID(), familyId, messageType: 'text', content },
});

describe('push to a phone', () => {
  it('pushes a new notification, readable only by the device, and one for a whole burst of chat', async () => {
    const [grandma, son] = [await person(), await person()];
    const { familyId } = await createFamily(grandma.device, 'The Okonkwos');
    await addMember(context.sql, familyId, son.account.user.id);
    const subscription = await subscribe(son);

    await grandma.device.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Plums!' } });
    expect(await deliverPendingPushes(context.sql, settings, log)).toEqual({ pushed: 1, gone: 0 });
    expect(await pushService.received(subscription)).toEqual([
      {
        title: `${grandma.account.username} shared a post`,
        body: 'Plums!',
        path: `/?family=${familyId}`,
        tag: expect.stringContaining(`${familyId}:new_post:`),
      },
    ]);

    // 50 chat lines, sent 10 at a time: one push (saying what had gathered when it went); the bell counts the rest.
    for (let sent = 0; sent < 50; sent += 10) {
      await grandma.device.send(...Array.from({ length: 10 }, (_, line) => message(familyId, `Line ${sent + line}`)));
      await deliverPendingPushes(context.sql, settings, log);
    }
    const received = await pushService.received(subscription);
    expect(received).toHaveLength(2);
    expect(received[1]).toMatchObject({
      title: '10 new messages in the family chat',
      body: 'Line 9',
      path: `/chat?family=${familyId}`,
    });
    expect(warnings).toEqual([]);
  });

  it('turns a burst of 50 chat messages and 20 photos into 2 notifications and 2 pushes, and 200 posts into 1', async () => {
    const [grandma, son] = [await person(), await person()];
    const { familyId } = await createFamily(grandma.device, 'The Okonkwos');
    await addMember(context.sql, familyId, son.account.user.id);
    const subscription = await subscribe(son);
    const bytes = await phonePhoto({ width: 320, height: 240 });
    // Each write swept for pushes at once, as a busy server does: the worst case for gathering.
    const sendAndPush = async (mutation: NamedMutation) => {
      await grandma.device.send(mutation);
      await deliverPendingPushes(context.sql, settings, log);
    };
    for (let index = 0; index < 20; index += 1) {
      const photoId = randomUUID();
      expect(
        (await uploadPhotoFile(context.app, grandma.account.cookie, { familyId, photoId, bytes })).statusCode,
      ).toBe(201);
      await sendAndPush({
        name: 'photo.create',
        args: { photoId, familyId, albumId: null, title: null, description: null },
      });
      await sendAndPush(message(familyId, `Look at this one ${index}`));
      await sendAndPush(message(familyId, 'And this'));
    }
    for (let index = 0; index < 10; index += 1) await sendAndPush(message(familyId, `More ${index}`));

    const told = await context.sql<{ type: string; count: number }[]>`
      select type, count from notifications where user_id = ${son.account.user.id} order by type
    `;
    expect(told).toEqual([
      { type: 'chat_message', count: 50 },
      { type: 'new_photos', count: 20 },
    ]);
    expect((await pushService.received(subscription)).map((push) => (push as { title: string }).title)).toEqual([
      `${grandma.account.username} added a photo`,
      `${grandma.account.username} in the family chat`,
    ]);

    // 200 posts in a minute: one notification counting them, one push.
    await context.sql`update notifications set is_read = true where user_id = ${son.account.user.id}`;
    for (let sent = 0; sent < 200; sent += 50) {
      await grandma.device.send(
        ...Array.from({ length: 50 }, (_, index): NamedMutation => ({
          name: 'post.create',
          args: { postId: randomUUID(), familyId, content: `Post ${sent + index}` },
        })),
      );
      await deliverPendingPushes(context.sql, settings, log);
    }
    const posts = await context.sql`
      select count from notifications where user_id = ${son.account.user.id} and type = 'new_post' and not is_read
    `;
    expect(posts).toEqual([{ count: 200 }]);
    expect(await pushService.received(subscription)).toHaveLength(3);
  });

  it('lets go of a subscription its push service says is gone, and of a device that signs out', async () => {
    const [grandma, son, daughter] = [await person(), await person(), await person()];
    const { familyId } = await createFamily(grandma.device);
    await addMember(context.sql, familyId, son.account.user.id);
    await addMember(context.sql, familyId, daughter.account.user.id);
    const sons = await subscribe(son);
    await subscribe(daughter);
    await pushService.expire(sons);

    await grandma.device.send({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'Hello' } });
    expect(await deliverPendingPushes(context.sql, settings, log)).toEqual({ pushed: 1, gone: 1 });
    const left =
      await context.sql`select device_id from push_subscriptions where user_id = any(${[son.account.user.id, daughter.account.user.id]}::uuid[])`;
    expect(left).toEqual([{ device_id: daughter.device.id }]);

    const signOut = await context.app.inject({
      method: 'POST',
      url: '/api/sync/forget-device',
      headers: { cookie: daughter.account.cookie },
      payload: { deviceId: daughter.device.id },
    });
    expect(signOut.statusCode).toBe(204);
    expect(await context.sql`select 1 from push_subscriptions where device_id = ${daughter.device.id}`).toEqual([]);
  });

  it('takes no endpoint but a push service, no malformed keys, and no device of someone else', async () => {
    const [son, stranger] = [await person(), await person()];
    const channels = await context.app.inject({
      method: 'GET',
      url: '/api/notification-channels',
      headers: { cookie: son.account.cookie },
    });
    const real = await pushService.subscribe(channels.json().pushPublicKey);
    const valid = { deviceId: son.device.id, endpoint: real.endpoint, keys: real.keys };
    for (const [endpoint, why] of [
      ['http://169.254.169.254/latest/meta-data', 'not https, and a private address'],
      ['https://127.0.0.1/push', 'a loopback address'],
      ['https://10.1.2.3/push', 'a private address'],
      ['https://fcm.googleapis.com.attacker.example/x', 'a look-alike host'],
      [`https://fcm.googleapis.com/${'x'.repeat(1000)}`, 'huge'],
      ['javascript:alert(1)', 'not a web address'],
    ] as const) {
      const answer = await putSubscription(son.account, { ...valid, endpoint });
      expect(answer.statusCode, why).toBe(400);
      expect(answer.json().error, why).toMatch(/\S/);
    }
    for (const keys of [
      { p256dh: 'short', auth: real.keys.auth },
      { p256dh: real.keys.p256dh, auth: '!!!!!!!!!!!!!!!!!!!!!!' },
      { p256dh: real.keys.p256dh },
    ]) {
      expect((await putSubscription(son.account, { ...valid, keys })).statusCode).toBe(400);
    }
    expect((await putSubscription(stranger.account, valid)).statusCode).toBe(403);
    expect(await context.sql`select 1 from push_subscriptions where endpoint = ${real.endpoint}`).toEqual([]);

    // Someone else's device cannot be unsubscribed by id either.
    expect((await putSubscription(son.account, valid)).statusCode).toBe(204);
    const taken = await context.app.inject({
      method: 'DELETE',
      url: `/api/push/subscription/${son.device.id}`,
      headers: { cookie: stranger.account.cookie },
    });
    expect(taken.statusCode).toBe(204);
    expect(await context.sql`select 1 from push_subscriptions where device_id = ${son.device.id}`).toHaveLength(1);
    const own = await context.app.inject({
      method: 'DELETE',
      url: `/api/push/subscription/${son.device.id}`,
      headers: { cookie: son.account.cookie },
    });
    expect(own.statusCode).toBe(204);
    expect(await context.sql`select 1 from push_subscriptions where device_id = ${son.device.id}`).toEqual([]);
  });
});
