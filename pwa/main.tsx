import './ui/global.css.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { currentSignedInUser, loadCurrentUser } from './features/account/auth-store.ts';
import { ThemeProvider } from './features/theme/theme-provider.tsx';
import { router } from './router.ts';
import { registerServiceWorkerInTime, serviceWorkerMayRegister } from './sw/registration-gate.ts';
import { UpdatePrompt } from './sw/update-prompt.tsx';
import { Toaster } from './ui/toaster.tsx';

// Started before React renders so the answer is on its way while the first route's code downloads.
const currentUserKnown = loadCurrentUser();

// The service worker (offline start, update prompt) is for the production build; in development Vite serves fresh
// code on every load. Its code arrives after the page has loaded, so the first screen never waits for it, and a
// signed-in device's first sync does not share the connection with its install (sw/registration-gate.ts).
// On a prerendered page this code may only start after the load event (see scripts/prerender.ts).
if (import.meta.env.PROD) {
  registerServiceWorkerInTime(
    () => void import('./sw/register-service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker()),
  );
}
// A visitor has no sync for the install to wait for (a signed-in device's session says when it may register).
void currentUserKnown.then(() => {
  if (!currentSignedInUser()) serviceWorkerMayRegister();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A page prerendered at build time is already on screen: keep it there until the app can draw the same page (who
// is signed in is known, the route's code is here) rather than replacing it with a loading spinner first. Nobody is
// waiting on that drawing, so it is done as a transition, in small slices that leave a tap or a scroll free to go
// first on a slow phone.
const prerendered = container.querySelector('[data-prerendered]') !== null;
if (prerendered) await Promise.all([currentUserKnown, router.load()]);

const root = createRoot(container);
const app = (
  <StrictMode>
    <ThemeProvider>
      <RouterProvider router={router} />
      <Toaster />
      <UpdatePrompt />
    </ThemeProvider>
  </StrictMode>
);
if (prerendered) startTransition(() => root.render(app));
else root.render(app);
