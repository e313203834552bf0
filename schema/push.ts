import { z } from 'zod';
import { id } from './fields.ts';

/** Base64url without padding, as `PushSubscription.toJSON()` gives its keys. */
const base64url = (length: number) =>
  z
    .string()
    .length(length)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be base64url' });

/**
 * `PUT /api/push/subscription`: this device's push subscription, replacing the one it had. `p256dh` is a P-256 public
 * key (65 bytes), `auth` a 16-byte secret. The server also checks that the endpoint is a public push service's.
 */
export const pushSubscriptionRequestSchema = z.strictObject({
  deviceId: id,
  endpoint: z.url({ protocol: /^https?$/, error: 'must be a push service address' }).max(1000),
  keys: z.strictObject({ p256dh: base64url(87), auth: base64url(22) }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** `DELETE /api/push/subscription`: this device no longer wants pushes. 204 whether or not it had a subscription. */
export const pushDeviceRequestSchema = z.strictObject({ deviceId: id });

/** `GET /api/notification-channels`: how Hearth can reach the person outside the app. */
export const notificationChannelsSchema = z.object({
  /** The server's VAPID public key (base64url), for `pushManager.subscribe`. */
  pushPublicKey: z.string(),
  /** Whether this server sends email (SMTP configured): the digest setting is offered only then. */
  emailDigest: z.boolean(),
});
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** What a push carries to the service worker, which shows it as it is. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The screen tapping it opens. */
  path: z.string(),
  /** Notifications of one group replace each other on the device, as they gather on the bell. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
