import webPush from 'web-push';
import { notificationHref, notificationText } from '../../schema/notification-text.ts';
import { publicName } from '../../schema/public-name.ts';
import type { PushMessage } from '../../schema/push.ts';
import type { Sql } from '../database.ts';
import type { JobLog } from '../jobs/job-queue.ts';
import { createPushRepository, type ClaimedPush, type PushSubscription } from '../repositories/push-repository.ts';
import { isPushServiceEndpoint } from './push-services.ts';
import { vapidKeys } from './vapid-keys.ts';

export type PushSettings = {
  /** Who runs this Hearth, for push services to reach (an https: or mailto: address). */
  contact: string;
  /** Origins of push services besides the public ones: a local push service in tests. */
  extraServiceOrigins: readonly string[];
};

/** The address with `family=` added to what it asks already (an event's `event=`). */
function withFamily(href: string, familyId: string): string {
  const [path, query] = href.split('?');
  const search = new URLSearchParams(query);
  search.set('family', familyId);
  return `${path}?${search}`;
}

/** A push says the bell's sentence; notifications of one group replace each other on the device. */
export function pushMessageOf(notification: ClaimedPush): PushMessage {
  const actor = notification.actor ? publicName(notification.actor) : 'Someone';
  const { title, quote } = notificationText(notification, actor, notification.family_name);
  return {
    title,
    body: quote ?? notification.family_name,
    // The app makes the notification's family the chosen one (selected-family.ts `useFamilyFromAddress`), as a tap
    // on the bell does: a message in the cousins' chat opens the cousins' chat.
    path: withFamily(
      notificationHref({ type: notification.type, relatedId: notification.related_id }),
      notification.family_id,
    ),
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
  const pushes = createPushRepository(sql);
  let pushed = 0;
  let gone = 0;
  for (;;) {
    const claimed = await pushes.claimPending(batch);
    if (claimed.length === 0) return { pushed, gone };
    const keys = await vapidKeys(sql);
    const people = [...new Set(claimed.map((notification) => notification.user_id))];
    const subscriptions = await pushes.subscriptionsOf(people);
    for (const notification of claimed) {
      const message = JSON.stringify(pushMessageOf(notification));
      for (const subscription of subscriptions.filter((row) => row.user_id === notification.user_id)) {
        const outcome = await pushTo(subscription, message, { keys, settings, send });
        if (outcome === 'pushed') pushed += 1;
        else if (outcome === 'gone') {
          gone += 1;
          await pushes.unsubscribe(subscription.device_id);
        } else log.warn({ status: outcome, deviceId: subscription.device_id }, 'push service refused a push');
      }
    }
  }
}

async function pushTo(
  subscription: PushSubscription,
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
