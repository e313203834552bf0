/**
 * When the service worker is registered. Its first install downloads the whole app to keep it for offline starts
 * (about 160 files, 1 MB), and on a device's first sync that download competed with the pulls for the server, the
 * connection and the CPU: every row stored 24 % later, the first post 26 % (docs/benchmarks.md). So it waits until
 * the page has what it came for: a visitor's page once loaded; a signed-in device once its first sync is done (the
 * device session says so), or at once when it had synced before. Never more than a minute after the page loaded.
 * Registering a worker that is already installed only asks the server whether there is a new version.
 */
let allow: () => void = () => {};
const allowed = new Promise<void>((resolve) => (allow = resolve));

const longestWaitMs = 60_000;

/** Nothing the page is doing needs the connection more than the service worker's install does. */
export function serviceWorkerMayRegister(): void {
  allow();
}

/** Calls `register` once the page has loaded and the service worker may register. */
export function registerServiceWorkerInTime(register: () => void): void {
  const loaded = () => {
    const timer = setTimeout(allow, longestWaitMs);
    void allowed.then(() => {
      clearTimeout(timer);
      register();
    });
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}
