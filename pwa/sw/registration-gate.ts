/**
 * When the service worker is registered. Its first install downloads the whole app to keep it for offline starts
 * (about 160 files, 1 MB), and on a device's first sync that download competed with the pulls for the server, the
 * connection and the CPU: every row stored 24 % later, the first post 26 % (docs/benchmarks.md). So it waits until
 * the page has what it came for: a signed-in device once its first sync is done (the device session says so), or at
 * once when it had synced before; a visitor on the way in once the page has loaded; a visitor reading a public page
 * once it has sat loaded for a minute, or as soon as they sign in (the install's thread beside the landing page's
 * own start on a slow phone, docs/decisions/0043-a-visitor-loads-only-the-page.md). Registering a worker that is
 * already installed only asks the server whether there is a new version.
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
