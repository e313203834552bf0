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
