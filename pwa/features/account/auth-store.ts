import type { User } from '../../../schema/entities.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { createExternalStore } from '../../lib/external-store.ts';

export type AuthState = {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: User | null;
};

/**
 * Who is signed in, for every screen. The only module that knows where that answer comes from (today one GET at
 * start-up), so the offline-first work can swap in the copy kept on the device without touching the screens.
 */
const authStore = createExternalStore<{ isLoading: boolean; user: User | null }>({ isLoading: true, user: null });

let started = false;

/**
 * Asks the server once who this is (spec §4: no retry). Any failure, offline included, shows the signed-out screens;
 * only a real user object signs someone in.
 */
export async function loadCurrentUser(): Promise<void> {
  if (started) return;
  started = true;
  try {
    const user = await api.get<User>('/api/auth/user', { whenSignedOut: 'throw' });
    authStore.set({ isLoading: false, user });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) console.warn('Could not check who is signed in', error);
    authStore.set({ isLoading: false, user: null });
  }
}

/** After login, signup, or a profile save: the server's answer is the new truth. */
export function setSignedInUser(user: User): void {
  authStore.set({ isLoading: false, user });
}

export function useAuth(): AuthState {
  const { isLoading, user } = authStore.use();
  return { isLoading, isAuthenticated: user !== null, user };
}

/** For screens that only render when someone is signed in (behind the protected-route guard). */
export function useSignedInUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser must be used on a signed-in screen');
  return user;
}
