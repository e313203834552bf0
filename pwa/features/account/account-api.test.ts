import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountApi } from './account-api.ts';
import { endServerSession, finishPendingSignOut } from './server-session.ts';
import { createMemoryStorage } from './testing/memory-storage.ts';

const user = { id: crypto.randomUUID(), username: 'ada' };
let serverReachable: boolean;
const requested: string[] = [];

beforeEach(() => {
  serverReachable = true;
  requested.length = 0;
  vi.stubGlobal('localStorage', createMemoryStorage());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (!serverReachable) throw new TypeError('Failed to fetch');
      requested.push(path);
      return Response.json({ user });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Signs out with no connection: the server is still owed the sign-out. */
async function signOutOffline() {
  serverReachable = false;
  await endServerSession();
  serverReachable = true;
}

describe('signing in after a sign-out made offline', () => {
  it.each([
    ['login', () => accountApi.login({ email: 'ada@example.com', password: 'secret-password' }), '/api/auth/login'],
    [
      'signup',
      () =>
        accountApi.signup({
          username: 'ada',
          email: 'ada@example.com',
          password: 'secret-password',
          confirmPassword: 'secret-password',
        }),
      '/api/auth/signup',
    ],
  ])('%s ends the old session first, so the next start keeps the new one', async (_name, signIn, path) => {
    await signOutOffline();

    await signIn();

    expect(requested).toEqual(['/api/logout', path]);
    expect(await finishPendingSignOut()).toBe(false);
  });

  it('forgets the owed sign-out even when the server cannot be told before signing in', async () => {
    await signOutOffline();
    serverReachable = false;
    await expect(accountApi.login({ email: 'ada@example.com', password: 'secret-password' })).rejects.toThrow();

    serverReachable = true;
    expect(await finishPendingSignOut()).toBe(false);
    expect(requested).toEqual([]);
  });
});
