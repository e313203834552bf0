import { appUpdateStore, setUpdateActivator } from './app-update-store.ts';

/**
 * Registers Hearth's service worker and turns a waiting new version into the one update prompt. The new version
 * only takes over when the person says so; then every open tab reloads (on `controllerchange`), so no tab keeps
 * running old code against a new cache.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;

  // Only a change from an existing version means "new version": on the very first install the worker takes control
  // without a reload. A page opened with a hard reload has no controller even though a version is installed, so
  // the registration is asked too, or that page would keep running old code against the new cache.
  let hadVersion =
    navigator.serviceWorker.controller !== null || (await navigator.serviceWorker.getRegistration())?.active != null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadVersion) window.location.reload();
    hadVersion = true;
  });

  const announceUpdate = () => appUpdateStore.set({ ...appUpdateStore.get(), updateReady: true });

  setUpdateActivator(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    // Asked for by "Update Hearth" when nothing is waiting yet: look for a new version and let it finish installing,
    // or the reload below would only bring back the version that is out of date.
    if (registration && !registration.waiting) {
      await registration.update().catch(() => undefined);
      await installFinished(registration.installing);
    }
    if (registration?.waiting) registration.waiting.postMessage({ type: 'SKIP_WAITING' });
    else window.location.reload();
  });

  const registration = await navigator.serviceWorker.register('/service-worker.js');
  // A new version waits for the person's word: one already waiting (found by an earlier visit), or one that finishes
  // installing while an older version is active.
  if (registration.waiting && registration.active) announceUpdate();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.active) announceUpdate();
    });
  });
}

/** Resolves once `worker` is no longer installing (installed and waiting, or failed); at once without one. */
function installFinished(worker: ServiceWorker | null): Promise<void> {
  return new Promise((resolve) => {
    if (!worker || worker.state !== 'installing') return resolve();
    const onChange = () => {
      if (worker.state === 'installing') return;
      worker.removeEventListener('statechange', onChange);
      resolve();
    };
    worker.addEventListener('statechange', onChange);
  });
}
