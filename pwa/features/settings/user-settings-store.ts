import { useSyncExternalStore } from 'react';
import type { UserSettings } from '../../../schema/entities.ts';
import { toasts } from '../../../schema/messages.ts';
import { api } from '../../lib/api-client.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';

export type UserSettingsState =
  { status: 'idle' | 'loading' | 'failed'; settings: null } | { status: 'ready'; settings: UserSettings };

/**
 * The signed-in user's settings as the server keeps them (they follow the person to every device), with changes
 * shown at once and undone if the server does not take them.
 */
let state: UserSettingsState = { status: 'idle', settings: null };
const listeners = new Set<() => void>();
/** Changes sent but not yet answered, so an earlier answer cannot undo a later tap. */
const unsaved = new Map<keyof UserSettings, boolean>();

function publish(next: UserSettingsState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const readUserSettings = (): UserSettingsState => state;

export function useUserSettings(): UserSettingsState {
  return useSyncExternalStore(subscribe, readUserSettings, readUserSettings);
}

/** Loads once; after a failure, calling it again retries. */
export async function loadUserSettings(): Promise<void> {
  if (state.status === 'loading' || state.status === 'ready') return;
  publish({ status: 'loading', settings: null });
  try {
    publish({ status: 'ready', settings: await api.get<UserSettings>('/api/settings') });
  } catch {
    publish({ status: 'failed', settings: null });
  }
}

/** Flips one setting now and saves it; if saving fails, puts it back and says so. */
export async function changeUserSetting(key: keyof UserSettings, value: boolean): Promise<void> {
  if (state.status !== 'ready') return;
  const previous = state.settings[key];
  unsaved.set(key, value);
  publish({ status: 'ready', settings: { ...state.settings, [key]: value } });
  try {
    const saved = await api.patch<UserSettings>('/api/settings', { [key]: value });
    if (unsaved.get(key) === value) unsaved.delete(key);
    publish({ status: 'ready', settings: { ...saved, ...Object.fromEntries(unsaved) } });
  } catch (error) {
    // A later tap on the same switch has replaced this change; its own answer decides.
    if (unsaved.get(key) !== value) return;
    unsaved.delete(key);
    if (state.status === 'ready') publish({ status: 'ready', settings: { ...state.settings, [key]: previous } });
    toastRequestFailure(error, toasts.settingsNotSaved);
  }
}
