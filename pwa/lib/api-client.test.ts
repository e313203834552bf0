import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the client per test: it remembers, per page, that it already sent the user to sign in again. */
async function loadClient() {
  vi.resetModules();
  const client = await import('./api-client.ts');
  const { toastStore } = await import('../ui/toast-store.ts');
  return { ...client, toastStore };
}

function answer(status: number, body: string, statusText = '') {
  return vi.fn(async () => new Response(body || null, { status, statusText }));
}

const assign = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', {
    location: { pathname: '/settings', search: '?tab=privacy', assign },
    setTimeout: (callback: () => void, delay: number) => setTimeout(callback, delay),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  assign.mockReset();
});

describe('ApiError', () => {
  it('reads "<status>: <body>" and exposes the parsed error body', async () => {
    const { ApiError } = await loadClient();
    const body = '{"error":"An account with this email already exists","field":"email"}';
    const error = new ApiError(409, 'Conflict', body);
    expect(error.message).toBe(`409: ${body}`);
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ error: 'An account with this email already exists', field: 'email' });
    expect(error.fieldErrors).toEqual({ email: 'An account with this email already exists' });
  });

  it('falls back to the status text when the body is empty', async () => {
    const { ApiError } = await loadClient();
    const error = new ApiError(502, 'Bad Gateway', '');
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.body).toBeNull();
    expect(error.fieldErrors).toEqual({});
  });

  it('collects validation issues per field, first message first', async () => {
    const { ApiError } = await loadClient();
    const error = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({
        error: 'Please check the form',
        issues: [
          { field: 'username', message: 'Username must be at least 3 characters long' },
          { field: 'username', message: 'second message' },
          { field: 'email', message: 'Please enter a valid email address' },
        ],
      }),
    );
    expect(error.fieldErrors).toEqual({
      username: 'Username must be at least 3 characters long',
      email: 'Please enter a valid email address',
    });
  });

  it('does not mistake a non-JSON body for an error body', async () => {
    const { ApiError } = await loadClient();
    expect(new ApiError(500, 'Internal Server Error', '<html>oops</html>').body).toBeNull();
  });
});

describe('isSignedOutError', () => {
  it('is true only for a 401 that says Unauthorized', async () => {
    const { ApiError, isSignedOutError } = await loadClient();
    expect(isSignedOutError(new ApiError(401, 'Unauthorized', '{"error":"Unauthorized"}'))).toBe(true);
    expect(isSignedOutError(new ApiError(401, 'Unauthorized', ''))).toBe(true);
    expect(isSignedOutError(new ApiError(401, 'Unauthorized', '{"error":"Invalid email or password"}'))).toBe(false);
    expect(isSignedOutError(new ApiError(403, 'Forbidden', '{"error":"Unauthorized"}'))).toBe(false);
    expect(isSignedOutError(new Error('Unauthorized'))).toBe(false);
    expect(isSignedOutError('401: Unauthorized')).toBe(false);
  });
});

describe('signInAgainUrl', () => {
  it('asks the server to bring the user back to the same page and query', async () => {
    const { signInAgainUrl } = await loadClient();
    expect(signInAgainUrl({ pathname: '/settings', search: '?tab=privacy' })).toBe(
      '/api/login?returnTo=%2Fsettings%3Ftab%3Dprivacy',
    );
  });
});

describe('api requests', () => {
  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const { api } = await loadClient();
    const fetchMock = answer(200, '{"familyUpdates":false}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.patch('/api/settings', { familyUpdates: false })).resolves.toEqual({ familyUpdates: false });
    expect(fetchMock).toHaveBeenCalledWith('/api/settings', {
      method: 'PATCH',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"familyUpdates":false}',
      signal: undefined,
    });
  });

  it('returns nothing for 204 No Content', async () => {
    const { api } = await loadClient();
    vi.stubGlobal('fetch', answer(204, ''));
    await expect(api.post('/api/auth/password', { currentPassword: 'a' })).resolves.toBeUndefined();
  });

  it('throws an ApiError for a non-OK answer', async () => {
    const { api, ApiError } = await loadClient();
    vi.stubGlobal('fetch', answer(429, '{"error":"Too many attempts. Please wait a minute."}', 'Too Many Requests'));
    const failure = api.post('/api/auth/login', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 429,
      message: '429: {"error":"Too many attempts. Please wait a minute."}',
      body: { error: 'Too many attempts. Please wait a minute.' },
    });
  });

  it('turns a failed connection into a NetworkError', async () => {
    const { api, NetworkError } = await loadClient();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/settings')).rejects.toBeInstanceOf(NetworkError);
  });

  it('on a signed-out answer tells the user once and sends them to sign in again after 500 ms', async () => {
    const { api, toastStore } = await loadClient();
    vi.stubGlobal('fetch', answer(401, '{"error":"Unauthorized"}', 'Unauthorized'));

    await expect(api.get('/api/settings')).rejects.toThrow('401: {"error":"Unauthorized"}');
    await expect(api.get('/api/families')).rejects.toThrow();

    expect(toastStore.getSnapshot()).toEqual([
      expect.objectContaining({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      }),
    ]);
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fsettings%3Ftab%3Dprivacy');
  });

  it('leaves a signed-out answer to the caller when asked (the start-up check)', async () => {
    const { api, toastStore } = await loadClient();
    vi.stubGlobal('fetch', answer(401, '{"error":"Unauthorized"}', 'Unauthorized'));
    await expect(api.get('/api/auth/user', { whenSignedOut: 'throw' })).rejects.toMatchObject({ status: 401 });
    vi.runAllTimers();
    expect(toastStore.getSnapshot()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not treat wrong credentials as a lost session', async () => {
    const { api, toastStore } = await loadClient();
    vi.stubGlobal('fetch', answer(401, '{"error":"Invalid email or password"}', 'Unauthorized'));
    await expect(api.post('/api/auth/login', { email: 'a@b.co', password: 'secret1' })).rejects.toMatchObject({
      status: 401,
    });
    vi.runAllTimers();
    expect(toastStore.getSnapshot()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });
});
