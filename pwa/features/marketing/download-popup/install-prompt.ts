import { createExternalStore } from '../../../lib/external-store.ts';

/** Chromium's install offer (not in TypeScript's DOM types). */
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export type InstallState = {
  /** The browser offered to install Hearth and the offer is still open: "Add Hearth to your home screen" works. */
  canPrompt: boolean;
  /** Hearth was installed from this page just now. */
  installed: boolean;
};

const installStore = createExternalStore<InstallState>({ canPrompt: false, installed: false });
let savedPrompt: BeforeInstallPromptEvent | null = null;

/**
 * The browser offers installation once, early, often before anyone opens the popup: keep the offer from the moment
 * this module loads (with the app shell) so the popup can use it later.
 */
if (typeof window !== 'undefined') {
  // An offer made to a public page before its app started, kept by the page's starter (scripts/prerender.ts).
  const kept = (window as { hearthInstallOffer?: BeforeInstallPromptEvent }).hearthInstallOffer;
  if (kept) {
    savedPrompt = kept;
    installStore.set({ ...installStore.get(), canPrompt: true });
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button asks instead of the browser's mini-infobar.
    event.preventDefault();
    savedPrompt = event as BeforeInstallPromptEvent;
    installStore.set({ ...installStore.get(), canPrompt: true });
  });
  window.addEventListener('appinstalled', () => {
    savedPrompt = null;
    installStore.set({ canPrompt: false, installed: true });
  });
}

export const useInstallState = installStore.use;

/** Shows the browser's own install question; the offer can be used once, whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = savedPrompt;
  if (!offer) return 'unavailable';
  savedPrompt = null;
  installStore.set({ ...installStore.get(), canPrompt: false });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'accepted') installStore.set({ canPrompt: false, installed: true });
  return outcome;
}

/** iPhone and iPad, including iPads that present themselves as a Mac: they install from Safari's Share menu. */
export function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** Hearth is already open as an installed app (from the home screen). */
export function isRunningInstalled(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
