/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Hearth's service worker: the app shell and every page's code, styles and pictures come from the precache, so the
 * installed app (public pages included) opens with no network. Navigations get the shell rather than the pages
 * prerendered for first-time visitors (docs/decisions/0007-prerendered-public-pages.md): once installed, the code
 * is local. It keeps nothing else: a family's data lives in the signed-in user's IndexedDB database (deleted at
 * sign-out), never in a cache another person on the same device could read, and /api/* always goes to the network.
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every app route is the same single-page shell; the router draws the screen.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// A new version waits until the person chooses Refresh (register-service-worker.ts); then it takes over every
// open tab, and each of them reloads on `controllerchange`.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// On the very first install there is no older version to wait for: control the open page at once so it works
// offline without a reload.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** What a push carries (schema/push.ts `PushMessage`), read without trusting it to be whole. */
function pushMessageOf(event: PushEvent): { title: string; body: string; path: string; tag: string } {
  let message: Partial<Record<'title' | 'body' | 'path' | 'tag', unknown>> = {};
  try {
    message = (event.data?.json() as typeof message | null) ?? {};
  } catch {
    // A push that is not JSON still shows something: browsers require every push to be seen.
  }
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);
  const path = text(message.path, '/');
  return {
    title: text(message.title, 'Hearth'),
    body: text(message.body, 'Something new in your family'),
    path: path.startsWith('/') && !path.startsWith('//') ? path : '/',
    tag: text(message.tag, 'hearth'),
  };
}

// Every push shows a notification. One with the tag of one already showing replaces it quietly (a chat that
// gathered more lines), as it gathered on the bell.
self.addEventListener('push', (event) => {
  const { title, body, path, tag } = pushMessageOf(event);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag,
      data: { path },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    }),
  );
});

// Tapping one opens its screen: in the Hearth window already open when there is one, else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { path?: string } | null)?.path ?? '/';
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) {
        await self.clients.openWindow(url);
        return;
      }
      await open.focus();
      // A window this worker does not control yet cannot be navigated by it: a new one opens instead.
      if (open.url !== url) await open.navigate(url).catch(() => self.clients.openWindow(url));
    })(),
  );
});
