import type { NotificationChannels, PushSubscriptionRequest } from '../../../schema/push.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { api } from '../../lib/api-client.ts';
import { ensureDeviceId } from '../../sync/sync-state.ts';

/**
 * Whether this device can get pushes from Hearth, and does:
 * - `unsupported`: the browser has no Web Push;
 * - `needs-home-screen`: an iPhone or iPad, where only Hearth added to the Home Screen may receive pushes;
 * - `blocked`: the person said no to notifications for Hearth (only the browser's settings can undo that);
 * - `off` / `on`: on means this browser holds a subscription (sent to the server whenever the screen looks).
 */
export type DevicePush = 'unsupported' | 'needs-home-screen' | 'blocked' | 'off' | 'on';

export function isAppleMobile(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

function isOnHomeScreen(): boolean {
  return (
    matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function devicePush(): Promise<DevicePush> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return isAppleMobile() && !isOnHomeScreen() ? 'needs-home-screen' : 'unsupported';
  }
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** Tells the server this device's subscription (one per device: it replaces the one before). */
async function sendSubscription(db: HearthDb, subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  const request: PushSubscriptionRequest = {
    deviceId: await ensureDeviceId(db),
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
  await api.put('/api/push/subscription', request);
}

/**
 * Asks for permission (only from a tap: browsers refuse, or bury, a request nobody asked for), subscribes this
 * browser with the server's key and tells the server. Answers what the device is now.
 */
export async function turnOnPush(db: HearthDb): Promise<DevicePush> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { pushPublicKey } = await api.get<NotificationChannels>('/api/notification-channels');
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: pushPublicKey }));
  await sendSubscription(db, subscription);
  return 'on';
}

/** The server may have let go of the subscription (its service said it was gone): a device that is on says so again. */
export async function keepPushOn(db: HearthDb): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await sendSubscription(db, subscription);
}

export async function turnOffPush(db: HearthDb): Promise<void> {
  await api.delete(`/api/push/subscription/${await ensureDeviceId(db)}`);
  await (await currentSubscription())?.unsubscribe();
}

/** At sign-out: the next person on this device gets nothing of this one's (the server forgets the device too). */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await (await currentSubscription())?.unsubscribe();
}
