/**
 * The push services browsers subscribe with (Chrome and Edge on Android and desktop: FCM; Firefox: Mozilla's
 * autopush; Safari on macOS and iPhone: Apple's; Edge on Windows: WNS). The server only ever sends to these, over
 * https on the standard port, so a subscription cannot make it request an address its sender chose (decision 0024).
 */
export const publicPushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/**
 * Whether `endpoint` belongs to a public push service (a listed host or a subdomain of one), or to one of
 * `extraOrigins` (a local push service in tests, configured only there).
 */
export function isPushServiceEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  return publicPushServiceHosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}
