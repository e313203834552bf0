import { createExternalStore } from '../lib/external-store.ts';

/**
 * Whether a newer Hearth is ready, and how to switch to it. Kept apart from the registration code so the prompt can
 * render without loading the registration, which only arrives once the page has loaded.
 */
export type AppUpdateState = {
  /** A new service worker is installed and waiting for the person's go-ahead. */
  updateReady: boolean;
  /** The server no longer speaks this version's sync protocol: syncing is paused until Hearth updates. */
  updateRequired: boolean;
};

export const appUpdateStore = createExternalStore<AppUpdateState>({ updateReady: false, updateRequired: false });

let activateUpdate: () => Promise<void> = async () => window.location.reload();

/** Set by the registration once it knows how to bring in a new version. */
export function setUpdateActivator(activate: () => Promise<void>): void {
  activateUpdate = activate;
}

/** Refresh / Update Hearth: the waiting version takes over and every open tab reloads into it. */
export function updateHearth(): Promise<void> {
  return activateUpdate();
}

export function markUpdateRequired(): void {
  appUpdateStore.set({ ...appUpdateStore.get(), updateRequired: true });
}
