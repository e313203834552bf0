import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInCopyStorageKey } from '../../../schema/theme.ts';
import { createMemoryStorage } from './testing/memory-storage.ts';
import { testUser } from './testing/test-user.ts';

/** Whose session the store found over: session-ended.ts, subscribed the same way, lets their data go. */
const sessionEnded = vi.fn((_userId: string) => {});

const ada = testUser('ada');
const grace = testUser('grace');

/** What the browser fires in the other tabs when one tab changes localStorage. */
function storageChangedInAnotherTab(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}

/** A fresh store per test: it starts listening and asking the server only once per page. */
async function loadAuthStore(whoIsSignedIn: () => Response) {
  vi.resetModules();
  vi.stubGlobal('fetch', vi.fn(async () => whoIsSignedIn()));
  const store = await import('./auth-store.ts');
  store.subscribeToSessionEnded(sessionEnded);
  await store.loadCurrentUser();
  return store;
}

beforeEach(() => {
  vi.stubGlobal(
    'window',
    Object.assign(new EventTarget(), { location: { pathname: '/', search: '', assign: vi.fn() }, setTimeout: vi.fn() }),
  );
  vi.stubGlobal('localStorage', createMemoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionEnded.mockClear();
});

describe('who is signed in, across tabs', () => {
  it('follows another tab signing out, and another tab signing someone else in', async () => {
    const store = await loadAuthStore(() => Response.json(ada));
    expect(store.currentSignedInUser()).toEqual(ada);

    localStorage.setItem(signedInCopyStorageKey, JSON.stringify(grace));
    window.dispatchEvent(storageChangedInAnotherTab(signedInCopyStorageKey));
    expect(store.currentSignedInUser()).toEqual(grace);

    localStorage.removeItem(signedInCopyStorageKey);
    window.dispatchEvent(storageChangedInAnotherTab(signedInCopyStorageKey));
    expect(store.currentSignedInUser()).toBeNull();
  });

  it('ignores changes to other keys', async () => {
    const store = await loadAuthStore(() => Response.json(ada));
    localStorage.setItem('hearth-theme', 'dark');
    window.dispatchEvent(storageChangedInAnotherTab('hearth-theme'));
    expect(store.currentSignedInUser()).toEqual(ada);
  });

  it('asks the server again when sync says the device belongs to another account', async () => {
    let signedIn = ada;
    const store = await loadAuthStore(() => Response.json(signedIn));
    signedIn = grace;

    await store.recheckSignedInUser();

    expect(store.currentSignedInUser()).toEqual(grace);
    expect(JSON.parse(localStorage.getItem(signedInCopyStorageKey)!)).toEqual(grace);
  });

  it('forgets its copy when any request finds the session over, so the sign-in page asks to sign in', async () => {
    let sessionOver = false;
    await loadAuthStore(() =>
      sessionOver ? Response.json({ error: 'Unauthorized' }, { status: 401, statusText: 'Unauthorized' }) : Response.json(ada),
    );
    expect(localStorage.getItem(signedInCopyStorageKey)).not.toBeNull();
    const { api } = await import('../../lib/api-client.ts');

    sessionOver = true;
    await expect(api.get('/api/settings')).rejects.toThrow('401');

    expect(localStorage.getItem(signedInCopyStorageKey)).toBeNull();
    await vi.waitFor(() => expect(sessionEnded).toHaveBeenCalledWith(ada.id));
  });

  it('lets go of the data of a session found over at start', async () => {
    localStorage.setItem(signedInCopyStorageKey, JSON.stringify(ada));
    const store = await loadAuthStore(() => Response.json({ error: 'Unauthorized' }, { status: 401 }));
    expect(store.currentSignedInUser()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledWith(ada.id);
  });

  it('opens with the answer of the server when the browser refuses site storage', async () => {
    const refused = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: refused, setItem: refused, removeItem: refused });
    const store = await loadAuthStore(() => Response.json(ada));
    expect(store.currentSignedInUser()).toEqual(ada);
  });
});
