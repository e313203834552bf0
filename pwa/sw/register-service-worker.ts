import { Workbox } from 'workbox-window';
import { appUpdateStore, setUpdateActivator } from './app-update-store.ts';

/**
 * Registers Hearth's service worker and turns a waiting new version into the one update prompt. The new version
 * only takes over when the person says so; then every open tab reloads (on `controllerchange`), so no tab keeps
 * running old code against a new cache.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/service-worker.js');

  // The first install takes control without a reload; only a change of an existing controller means "new version".
  let hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) window.location.reload();
    hadController = true;
  });

  workbox.addEventListener('waiting', () => appUpdateStore.set({ ...appUpdateStore.get(), updateReady: true }));

  setUpdateActivator(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    // Asked for by "Update Hearth" when nothing is waiting yet: look for a new version first.
    if (registration && !registration.waiting) await registration.update().catch(() => undefined);
    if (registration?.waiting) registration.waiting.postMessage({ type: 'SKIP_WAITING' });
    else window.location.reload();
  });

  void workbox.register();
}
