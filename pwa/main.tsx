import './ui/global.css.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { currentSignedInUser, loadCurrentUser } from './features/account/auth-store.ts';
import { leaveDeviceWhenSessionsEnd } from './features/account/session-ended.ts';
import { followSignedInPerson } from './features/device-session/follow-signed-in-person.ts';
import { router } from './router.ts';
import { registerServiceWorkerInTime, serviceWorkerMayRegister } from './sw/registration-gate.ts';

// Started before React renders so the answer is on its way while the first route's code downloads; a session found
// over on the way has its person's data leave the device.
leaveDeviceWhenSessionsEnd();
const currentUserKnown = loadCurrentUser();
// The person's device session (their database, the first pull) starts as soon as they are known, beside the route's
// code and the other reads.
followSignedInPerson();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const prerendered = container.querySelector<HTMLElement>('[data-prerendered]');

// Someone is signed in here, most likely: the device's copy says so, or the server sent the shell for `/`, which it
// sends instead of the visitors' page only to a browser holding a session (static-files.ts). The device session's code
// (Dexie, the sync engine) comes now, beside the question of who it is, rather than after the answer.
if (document.documentElement.hasAttribute('data-signed-in') || (location.pathname === '/' && !prerendered)) {
  void import('./features/device-session/device-session.ts');
}

// The service worker (offline start, update prompt) is for the production build; in development Vite serves fresh
// code on every load. Its code arrives after the page has loaded, so the first screen never waits for it, and a
// signed-in device's first sync does not share the connection with its install (sw/registration-gate.ts). A visitor
// on the way in (sign-in, sign-up, an invitation) gets it at once; one reading a public page only if they stay or
// sign in: the page is what they came for (docs/decisions/0043-a-visitor-loads-only-the-page.md).
// On a prerendered page this code may only start after the load event (see scripts/prerender.ts).
if (import.meta.env.PROD) {
  registerServiceWorkerInTime(
    () => void import('./sw/register-service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker()),
  );
}
void currentUserKnown.then(() => {
  if (!currentSignedInUser() && !prerendered) serviceWorkerMayRegister();
});

// A page prerendered at build time is already on screen: keep it there until the app can draw the same page (who
// is signed in is known, the route's code is here) rather than replacing it with a loading spinner first.
if (prerendered) await Promise.all([currentUserKnown, router.load()]);

if (prerendered && !currentSignedInUser() && !document.documentElement.hasAttribute('data-signed-in')) {
  // A visitor on a page drawn for visitors: React adopts the elements already on screen (hydration) instead of
  // making every one of them again, which blocked a slow phone for a second (docs/decisions/0043-a-visitor-loads-
  // only-the-page.md). As a transition, in small slices that leave a tap or a scroll free to go first. Until then
  // the join page is inert, and a public page's forms are, and a click on one of its buttons is held by the page's
  // starter (scripts/prerender.ts): it is done now, on the same element.
  const adopted = () => {
    prerendered.removeAttribute('inert');
    prerendered.querySelectorAll<HTMLFormElement>('form[inert]').forEach((form) => (form.inert = false));
    prerendered.setAttribute('data-adopted', '');
    const held = prerendered.querySelector<HTMLElement>('[data-clicked-before-start]');
    held?.removeAttribute('data-clicked-before-start');
    held?.click();
  };
  // The router's own mark of a page drawn by the server: it draws the matches as the server did, without a
  // Suspense boundary of its own around them.
  router.ssr = { manifest: undefined };
  startTransition(() => void hydrateRoot(prerendered, <App router={router} onDrawn={adopted} />));
} else if (prerendered) {
  // Someone signed in (or who was, on this device): the visitors' page is not theirs, theirs is drawn in its place.
  const root = createRoot(container);
  startTransition(() => root.render(<App router={router} />));
} else {
  createRoot(container).render(<App router={router} />);
}
