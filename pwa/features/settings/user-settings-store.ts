import type { UserSettings } from '../../../schema/entities.ts';
import { toasts } from '../../../schema/messages.ts';
import { api } from '../../lib/api-client.ts';
import { createExternalStore } from '../../lib/external-store.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';

export type UserSettingsState =
  { status: 'idle' | 'loading' | 'failed'; settings: null } | { status: 'ready'; settings: UserSettings };

/**
 * The signed-in user's settings as the server keeps them (they follow the person to every device), with changes
 * shown at once and undone if the server does not take them.
 */
const settingsStore = createExternalStore<UserSettingsState>({ status: 'idle', settings: null });
/** Changes sent but not yet answered, so an earlier answer cannot undo a later tap. */
const unsaved = new Map<keyof UserSettings, UserSettings[keyof UserSettings]>();

export const readUserSettings = settingsStore.get;
export const useUserSettings = settingsStore.use;

/** Loads once; after a failure, calling it again retries. */
export async function loadUserSettings(): Promise<void> {
  const { status } = settingsStore.get();
  if (status === 'loading' || status === 'ready') return;
  settingsStore.set({ status: 'loading', settings: null });
  try {
    settingsStore.set({ status: 'ready', settings: await api.get<UserSettings>('/api/settings') });
  } catch {
    settingsStore.set({ status: 'failed', settings: null });
  }
}

/** Flips one setting now and saves it; if saving fails, puts it back and says so. */
export async function changeUserSetting<Key extends keyof UserSettings>(
  key: Key,
  value: UserSettings[Key],
): Promise<void> {
  const before = settingsStore.get();
  if (before.status !== 'ready') return;
  const previous = before.settings[key];
  unsaved.set(key, value);
  settingsStore.set({ status: 'ready', settings: { ...before.settings, [key]: value } });
  try {
    const saved = await api.patch<UserSettings>('/api/settings', { [key]: value }, { keepalive: true });
    if (unsaved.get(key) === value) unsaved.delete(key);
    settingsStore.set({ status: 'ready', settings: { ...saved, ...Object.fromEntries(unsaved) } });
  } catch (error) {
    // A later tap on the same switch has replaced this change; its own answer decides.
    if (unsaved.get(key) !== value) return;
    unsaved.delete(key);
    const now = settingsStore.get();
    if (now.status === 'ready') settingsStore.set({ status: 'ready', settings: { ...now.settings, [key]: previous } });
    toastRequestFailure(error, toasts.settingsNotSaved);
  }
}
