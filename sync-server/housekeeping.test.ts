import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { historyChangedSchema, rejections } from '../schema/index.ts';
import { forgetOldNotifications, housekeepingPolicy, runHousekeeping } from './housekeeping.ts';
import { signUp, useTestApp } from './testing/test-app.ts';
import { addMember, createFamily, familyVersion, TestDevice } from './testing/test-device.ts';

const context = useTestApp();

const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);

async function countRows(table: 'sync_tombstones' | 'sync_devices' | 'sync_rejections' | 'invitations', id: string) {
  const column =
    table === 'sync_tombstones' || table === 'invitations'
      ? 'family_id'
      : table === 'sync_devices'
        ? 'id'
        : 'device_id';
  const [row] = await context.sql<{ count: number }[]>`
    select count(*)::int as count from ${context.sql(table)} where ${context.sql(column)} = ${id}
  `;
  return row?.count ?? 0;
}

async function tombstoneFloor(familyId: string): Promise<number> {
  const [row] = await context.sql<
    { floor: string }[]
  >`select tombstone_floor as floor from families where id = ${familyId}`;
  return Number(row?.floor);
}

const post = (familyId: string, content: string) => {
  const postId = randomUUID();
  return {
    postId,
    mutation: {
      name: 'post.create' as const,
      args: { postId, familyId, content },
    },
  };
};

describe('housekeeping', () => {
  it('lets go of tombstones after 30 days, and a device older than them fetches the family again', async () => {
    const account = await signUp(context.app);
    const writer = new TestDevice(context.app, account);
    const { familyId } = await createFamily(writer);
    const [kept, deleted] = [post(familyId, 'Kept'), post(familyId, 'Deleted')];
    await writer.send(kept.mutation, deleted.mutation);
    const stale = new TestDevice(context.app, account);
    await stale.pullAll();
    expect(stale.ids('posts')).toEqual([kept.postId, deleted.postId].sort());

    await writer.send({
      name: 'post.delete',
      args: { postId: deleted.postId },
    });
    const added = post(familyId, 'Added while the stale device was away');
    await writer.send(added.mutation);
    const deletedAt = (await familyVersion(context.sql, familyId)) - 1;
    const current = new TestDevice(context.app, account);
    await current.pullAll();

    expect(await runHousekeeping(context.sql, daysFromNow(housekeepingPolicy.tombstonesKeptDays - 1))).toMatchObject({
      tombstones: 0,
    });
    expect(await countRows('sync_tombstones', familyId)).toBe(1);

    const report = await runHousekeeping(context.sql, daysFromNow(housekeepingPolicy.tombstonesKeptDays + 1));
    expect(report?.tombstones).toBeGreaterThanOrEqual(1);
    expect(await countRows('sync_tombstones', familyId)).toBe(0);
    expect(await tombstoneFloor(familyId)).toBe(deletedAt);

    // Its copy predates the delete it can no longer be told about: it starts the family over, and ends right.
    const answer = await stale.pull();
    expect(answer.families).toEqual([expect.objectContaining({ familyId, reset: true })]);
    await stale.pullAll();
    expect(stale.ids('posts')).toEqual([kept.postId, added.postId].sort());

    // A device that saw the delete goes on from where it was.
    await writer.send(post(familyId, 'One more').mutation);
    const next = await current.pull();
    expect(next.families).toEqual([expect.not.objectContaining({ reset: true })]);
    expect(next.families[0]).toMatchObject({
      status: 'changes',
      changes: [expect.objectContaining({ op: 'put' })],
    });
  });

  it('forgets a device after 90 days unseen, with its refusals; one that comes back is told to start over', async () => {
    const account = await signUp(context.app);
    const device = new TestDevice(context.app, account);
    await createFamily(device);
    const refused = await device.send({
      name: 'post.create',
      args: {
        postId: randomUUID(),
        familyId: randomUUID(),
        content: 'Nowhere',
      },
    });
    expect(refused.results[0]).toMatchObject({
      status: 'rejected',
      reason: rejections.notMember,
    });
    expect(await countRows('sync_rejections', device.id)).toBe(1);

    expect((await runHousekeeping(context.sql, daysFromNow(housekeepingPolicy.devicesKeptDays - 1)))?.devices).toBe(0);
    await runHousekeeping(context.sql, daysFromNow(housekeepingPolicy.devicesKeptDays + 1));
    expect(await countRows('sync_devices', device.id)).toBe(0);
    expect(await countRows('sync_rejections', device.id)).toBe(0);

    // It says seq 2 was answered, which the server no longer records of it: told to start over alone, in the same
    // history (decision 0050), its watermark here 0. Nothing else starts over.
    const epoch = device.epoch;
    const back = await device.postPush(
      device.queue({
        name: 'family.rename',
        args: { familyId: randomUUID(), name: 'x' },
      }),
    );
    expect(back.statusCode).toBe(409);
    expect(historyChangedSchema.parse(back.json())).toMatchObject({ epoch, lastAppliedSeq: 0 });
  });

  it('forgets the refusals a device has moved past, and keeps the ones it may still ask about', async () => {
    const device = new TestDevice(context.app, await signUp(context.app));
    const nowhere = {
      name: 'family.rename' as const,
      args: { familyId: randomUUID(), name: 'Nowhere' },
    };
    const first = device.queue(nowhere);
    await device.pushQueued(first);
    // The answer was lost: the same write again still learns why it was refused.
    expect((await device.pushQueued(first)).results[0]).toMatchObject({
      status: 'duplicate',
      reason: rejections.notMember,
    });
    expect(await countRows('sync_rejections', device.id)).toBe(1);

    await device.send(nowhere);
    expect(await countRows('sync_rejections', device.id)).toBe(1);
    const [row] = await context.sql<{ seq: string }[]>`select seq from sync_rejections where device_id = ${device.id}`;
    expect(Number(row?.seq)).toBe(2);
  });

  it('lets go of invitations 30 days after they expired or were revoked', async () => {
    const account = await signUp(context.app);
    const { familyId } = await createFamily(new TestDevice(context.app, account));
    const invite = () =>
      context.app.inject({
        method: 'POST',
        url: `/api/families/${familyId}/invitations`,
        headers: { cookie: account.cookie },
        payload: {},
      });
    const [live, revoked] = [await invite(), await invite()];
    await context.app.inject({
      method: 'DELETE',
      url: `/api/families/${familyId}/invitations/${revoked.json<{ id: string }>().id}`,
      headers: { cookie: account.cookie },
    });
    const [liveRow] = await context.sql<{ expires_at: Date }[]>`
      select expires_at from invitations where id = ${live.json<{ id: string }>().id}
    `;
    const expiresAt = liveRow!.expires_at;
    const days = housekeepingPolicy.invitationsKeptDaysAfterEnd;

    expect((await runHousekeeping(context.sql, daysFromNow(days - 1)))?.invitations).toBe(0);
    expect((await runHousekeeping(context.sql, daysFromNow(days + 1)))?.invitations).toBe(1);
    expect(await countRows('invitations', familyId)).toBe(1);
    const afterExpiry = new Date(expiresAt.getTime() + (days + 1) * 24 * 60 * 60 * 1000);
    expect((await runHousekeeping(context.sql, afterExpiry))?.invitations).toBe(1);
    expect(await countRows('invitations', familyId)).toBe(0);
  });

  it('forgets the device a person signs out of at once', async () => {
    const account = await signUp(context.app);
    const device = new TestDevice(context.app, account);
    await createFamily(device);
    const forget = await context.app.inject({
      method: 'POST',
      url: '/api/sync/forget-device',
      headers: { cookie: account.cookie },
      payload: { deviceId: device.id },
    });
    expect(forget.statusCode).toBe(204);
    expect(await countRows('sync_devices', device.id)).toBe(0);
  });

  it('lets a notification read 30 days ago leave its person’s devices, and keeps unread ones', async () => {
    const grandma = await signUp(context.app);
    const son = await signUp(context.app);
    const writer = new TestDevice(context.app, grandma);
    const { familyId } = await createFamily(writer);
    await addMember(context.sql, familyId, son.user.id);
    const sonsPhone = new TestDevice(context.app, son);
    await writer.send(post(familyId, 'Read soon').mutation);
    await sonsPhone.pullAll();
    const [read] = sonsPhone.ids('notifications');
    await sonsPhone.send({ name: 'notification.read', args: { notificationId: read! } });
    await writer.send({
      name: 'event.create',
      args: {
        eventId: randomUUID(),
        familyId,
        title: 'Unread',
        description: null,
        location: null,
        startDate: daysFromNow(60).toISOString(),
        endDate: null,
        timeZone: 'UTC',
        allDay: false,
      },
    });
    await sonsPhone.pullAll();
    expect(sonsPhone.ids('notifications')).toHaveLength(2);

    expect(
      await forgetOldNotifications(context.sql, daysFromNow(housekeepingPolicy.readNotificationsKeptDays - 1)),
    ).toBe(0);
    expect(
      await forgetOldNotifications(context.sql, daysFromNow(housekeepingPolicy.readNotificationsKeptDays + 1)),
    ).toBe(1);
    await sonsPhone.pullAll();
    expect(sonsPhone.ids('notifications')).toHaveLength(1);
    expect(sonsPhone.ids('notifications')).not.toContain(read);
  });
});
