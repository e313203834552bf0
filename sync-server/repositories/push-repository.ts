import type { NotificationType, PublicUser } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import { publicUserJson } from './public-user-json.ts';

/** A notification claimed for pushing, with what its push says. */
export type ClaimedPush = {
  id: string;
  user_id: string;
  family_id: string;
  family_name: string;
  type: NotificationType;
  related_id: string | null;
  group_key: string;
  count: number;
  excerpt: string;
  actor: PublicUser | null;
};

export type PushSubscription = { device_id: string; user_id: string; endpoint: string; p256dh: string; auth: string };

export type VapidKeys = { publicKey: string; privateKey: string };

/** Web Push's rows: devices' subscriptions, the notifications waiting to be pushed and the server's VAPID keys. */
export function createPushRepository(sql: Queryable) {
  return {
    /**
     * The device's subscription, as its user. The same browser subscribing under a new device id (its app data was
     * cleared) replaces its old row. Run in a transaction.
     */
    async subscribe(subscription: PushSubscription): Promise<void> {
      const { device_id: deviceId, user_id: userId, endpoint, p256dh, auth } = subscription;
      await sql`delete from push_subscriptions where endpoint = ${endpoint} and device_id <> ${deviceId}`;
      await sql`
        insert into push_subscriptions (device_id, user_id, endpoint, p256dh, auth)
        values (${deviceId}, ${userId}, ${endpoint}, ${p256dh}, ${auth})
        on conflict (device_id) do update
          set endpoint = excluded.endpoint, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
      `;
    },

    /** The device's subscription goes; `userId`, when given, must be its user's. */
    async unsubscribe(deviceId: string, userId?: string): Promise<void> {
      await sql`
        delete from push_subscriptions
        where device_id = ${deviceId} ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}
      `;
    },

    /**
     * Claims up to `batch` notifications waiting to be pushed: their mark cleared, rows locked and skipped by other
     * instances claiming at once.
     */
    claimPending(batch: number): Promise<ClaimedPush[]> {
      return sql<ClaimedPush[]>`
        with claimed as (
          update notifications n set push_pending = false
          where n.id in (
            select id from notifications where push_pending order by created_at limit ${batch} for update skip locked
          )
          returning n.id, n.user_id, n.family_id, n.type, n.related_id, n.group_key, n.count, n.excerpt, n.actor_id
        )
        select c.id, c.user_id, c.family_id, f.name as family_name, c.type, c.related_id, c.group_key, c.count,
          c.excerpt,
          case when a.id is null then null else ${publicUserJson(sql, 'a')} end as actor
        from claimed c join families f on f.id = c.family_id left join users a on a.id = c.actor_id
      `;
    },

    subscriptionsOf(userIds: string[]): Promise<PushSubscription[]> {
      return sql<PushSubscription[]>`
        select device_id, user_id, endpoint, p256dh, auth from push_subscriptions
        where user_id = any(${userIds}::uuid[])
      `;
    },

    async vapidKeys(): Promise<VapidKeys | null> {
      const [row] = await sql<{ value: VapidKeys }[]>`select value from server_keys where name = 'vapid'`;
      return row?.value ?? null;
    },

    /** Keeps `made` unless keys were stored first (by another instance). */
    async storeVapidKeys(made: VapidKeys): Promise<void> {
      await sql`
        insert into server_keys (name, value)
        values (
          'vapid',
          jsonb_build_object('publicKey', ${made.publicKey}::text, 'privateKey', ${made.privateKey}::text)
        )
        on conflict (name) do nothing
      `;
    },
  };
}
