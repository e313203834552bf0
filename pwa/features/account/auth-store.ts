import type { User } from '../../../schema/entities.ts';
import { signedInCopyStorageKey } from '../../../schema/theme.ts';
import { api, ApiError, onSessionEnded } from '../../lib/api-client.ts';
import { deviceStorage } from '../../lib/device-storage.ts';
import { forgetHomeSnapshot } from '../../lib/home-snapshot.ts';
import { createExternalStore } from '../../lib/external-store.ts';
import { finishPendingSignOut } from './server-session.ts';

export type AuthState = {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: User | null;
};

/**
 * Who is signed in, for every screen. The only module that knows where that answer comes from: the copy kept on
 * this device (so the app opens signed in with no network, on a plane or in a basement) and then the server, which
 * has the last word whenever it can be reached.
 */
const authStore = createExternalStore<{ isLoading: boolean; user: User | null }>({ isLoading: true, user: null });

/** The signed-in person as last confirmed by the server; removed at sign-out. Names only, never a secret. */
const deviceCopyKey = signedInCopyStorageKey;

function readDeviceCopy(): User | null {
  const stored = deviceStorage.read(deviceCopyKey);
  try {
    return stored ? (JSON.parse(stored) as User) : null;
  } catch {
    return null;
  }
}

/**
 * Without storage the app still works online; it just cannot open signed in offline. The picture of the home goes
 * with the copy: it is only ever shown beside it.
 */
function writeDeviceCopy(user: User | null): void {
  if (user) deviceStorage.write(deviceCopyKey, JSON.stringify(user));
  else {
    deviceStorage.remove(deviceCopyKey);
    forgetHomeSnapshot();
  }
}

let loading: Promise<void> | null = null;

const sessionEndedListeners = new Set<(userId: string) => void>();

/**
 * Calls `listener` with the person whose session was found over (signed out from another device, expired): their
 * data is to leave the device (session-ended.ts subscribes). Answers the function that unsubscribes.
 */
export function subscribeToSessionEnded(listener: (userId: string) => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function sessionEndedFor(userId: string): void {
  for (const listener of sessionEndedListeners) listener(userId);
}

/**
 * Opens signed in at once from the device copy when there is one, then asks the server (product.md §4: once, no retry).
 * The server's answer wins: a user object refreshes the copy, a 401 means the session ended (the person's data
 * leaves the device, but for writes not sent yet: session-ended.ts). No answer at all (offline) keeps the device copy.
 */
export function loadCurrentUser(): Promise<void> {
  if (!loading) {
    window.addEventListener('storage', followOtherTabs);
    // The session is over: the copy must not open the app signed in again, here or at the sign-in page this tab is
    // about to go to, and the person's data goes.
    onSessionEnded(() => {
      const ended = authStore.get().user ?? readDeviceCopy();
      writeDeviceCopy(null);
      if (ended) sessionEndedFor(ended.id);
    });
    loading = askWhoIsSignedIn();
  }
  return loading;
}

async function askWhoIsSignedIn(): Promise<void> {
  if (await finishPendingSignOut()) {
    forgetSignedInUser();
    return;
  }
  const deviceCopy = readDeviceCopy();
  if (deviceCopy) authStore.set({ isLoading: false, user: deviceCopy });
  await recheckSignedInUser();
}

/**
 * Asks the server who is signed in, and takes its answer (see loadCurrentUser). Also asked when the sync server
 * refuses this device for its person (403): someone else may have signed in on this browser since.
 */
export async function recheckSignedInUser(): Promise<void> {
  const noOneSignedIn = () => {
    const ended = authStore.get().user;
    forgetSignedInUser();
    if (ended) sessionEndedFor(ended.id);
  };
  try {
    // Nothing (204) when the browser holds no session cookie: a visitor, or a session whose cookie has gone.
    const user = await api.get<User | undefined>('/api/auth/user', { whenSignedOut: 'throw' });
    if (user) setSignedInUser(user);
    else noOneSignedIn();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return noOneSignedIn();
    // Offline or a server in trouble: not a reason to sign anyone out.
    if (error instanceof ApiError) console.warn('Could not check who is signed in', error);
    authStore.set({ isLoading: false, user: authStore.get().user });
  }
}

/**
 * Another tab signed out, or signed someone else in: the device copy changed under this tab, which follows it, so
 * its screens and its sync session belong to whoever the browser's session is now.
 */
function followOtherTabs(event: StorageEvent): void {
  // A null key is localStorage.clear().
  if (event.key !== deviceCopyKey && event.key !== null) return;
  authStore.set({ isLoading: false, user: readDeviceCopy() });
}

/** After login, signup, or a profile save: the server's answer is the new truth. */
export function setSignedInUser(user: User): void {
  writeDeviceCopy(user);
  authStore.set({ isLoading: false, user });
}

/** Sign-out has wiped this device: nobody is signed in here any more. */
export function forgetSignedInUser(): void {
  writeDeviceCopy(null);
  authStore.set({ isLoading: false, user: null });
}

/** Calls `listener` whenever who is signed in may have changed, for code outside React; answers the unsubscriber. */
export const subscribeToSignedInUser = authStore.subscribe;

/** Who is signed in right now, for code outside React (sign-out). */
export function currentSignedInUser(): User | null {
  return authStore.get().user;
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
