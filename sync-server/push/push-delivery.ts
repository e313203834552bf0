import webPush from 'web-push';
import type { NotificationType, PublicUser } from '../../schema/index.ts';
import { notificationPath, notificationText } from '../../schema/notification-text.ts';
import { publicName } from '../../schema/public-name.ts';
import type { PushMessage } from '../../schema/push.ts';
import type { Sql } from '../database.ts';
import type { JobLog } from '../jobs/job-queue.ts';
import { publicUserJson } from '../repositories/public-user-json.ts';
import { isPushServiceEndpoint } from './push-services.ts';
import { vapidKeys } from './vapid-keys.ts';

export type PushSettings = {
  /** Who runs this Hearth, for push services to reach (an https: or mailto: address). */
  contact: string;
  /** Origins of push services besides the public ones: a local push service in tests. */
  extraServiceOrigins: readonly string[];
};

type Claimed = {
  id: string;
  user_id: string;
  family_id: string;
  family_name: string;
  type: NotificationType;
  group_key: string;
  count: number;
  excerpt: string;
  actor: PublicUser | null;
};

type Subscription = { device_id: string; endpoint: string; p256dh: string; auth: string };

/** A push says the bell's sentence; notifications of one group replace each other on the device. */
export function pushMessageOf(notification: Claimed): PushMessage {
  const actor = notification.actor ? publicName(notification.actor) : 'Someone';
  const { title, quote } = notificationText(notification, actor, notification.family_name);
  return {
    title,
    body: quote ?? notification.family_name,
    // The app makes the notification's family the chosen one (selected-family.ts `useFamilyFromAddress`), as a tap
    // on the bell does: a message in the cousins' chat opens the cousins' chat.
    path: `${notificationPath[notification.type]}?family=${notification.family_id}`,
    tag: `${notification.family_id}:${notification.type}:${notification.group_key}`,
  };
}

/** How long a push service keeps a push for a phone that is off: news older than a day is the bell's. */
const pushTimeToLiveSeconds = 24 * 60 * 60;
const batch = 50;

/**
 * Pushes every notification waiting to be pushed (`push_pending`, set when one is new and its person has a device
 * subscribed) to each of its person's devices. A notification is claimed (its mark cleared, rows locked and skipped
 * by others) before it is sent, so instances sweeping at once never push one twice; one lost to a crash between the
 * claim and the send stays on the bell. A device whose push service answers 404 or 410 is unsubscribed.
 */
export async function deliverPendingPushes(
  sql: Sql,
  settings: PushSettings,
  log: JobLog,
  send: typeof fetch = fetch,
): Promise<{ pushed: number; gone: number }> {
  let pushed = 0;
  let gone = 0;
  for (;;) {
    const claimed = await sql<Claimed[]>`
      with claimed as (
        update notifications n set push_pending = false
        where n.id in (
          select id from notifications where push_pending order by created_at limit ${batch} for update skip locked
        )
        returning n.id, n.user_id, n.family_id, n.type, n.group_key, n.count, n.excerpt, n.actor_id
      )
      select c.id, c.user_id, c.family_id, f.name as family_name, c.type, c.group_key, c.count, c.excerpt,
        case when a.id is null then null else ${publicUserJson(sql, 'a')} end as actor
      from claimed c join families f on f.id = c.family_id left join users a on a.id = c.actor_id
    `;
    if (claimed.length === 0) return { pushed, gone };
    const keys = await vapidKeys(sql);
    const subscriptions = await sql<(Subscription & { user_id: string })[]>`
      select device_id, user_id, endpoint, p256dh, auth from push_subscriptions
      where user_id = any(${[...new Set(claimed.map((notification) => notification.user_id))]}::uuid[])
    `;
    for (const notification of claimed) {
      const message = JSON.stringify(pushMessageOf(notification));
      for (const subscription of subscriptions.filter((row) => row.user_id === notification.user_id)) {
        const outcome = await pushTo(subscription, message, { keys, settings, send });
        if (outcome === 'pushed') pushed += 1;
        else if (outcome === 'gone') {
          gone += 1;
          await sql`delete from push_subscriptions where device_id = ${subscription.device_id}`;
        } else log.warn({ status: outcome, deviceId: subscription.device_id }, 'push service refused a push');
      }
    }
  }
}

async function pushTo(
  subscription: Subscription,
  message: string,
  {
    keys,
    settings,
    send,
  }: { keys: { publicKey: string; privateKey: string }; settings: PushSettings; send: typeof fetch },
): Promise<'pushed' | 'gone' | number> {
  // Checked again at sending: only a public push service is ever asked, whatever the table holds.
  if (!isPushServiceEndpoint(subscription.endpoint, settings.extraServiceOrigins)) return 'gone';
  const request = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    message,
    {
      vapidDetails: { subject: settings.contact, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: pushTimeToLiveSeconds,
      urgency: 'normal',
    },
  );
  try {
    const response = await send(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(request.body),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.ok ? 'pushed' : response.status;
  } catch {
    return 0;
  }
}
