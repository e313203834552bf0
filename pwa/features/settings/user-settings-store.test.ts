import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultUserSettings } from '../../../schema/entities.ts';

/** What the server keeps for a new account. */
const saved = defaultUserSettings;

/** A fresh store (it is one per page) with the API answered by `respond`. */
async function storeWith(respond: (method: string, body: unknown) => Response | Promise<Response>) {
  vi.resetModules();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) =>
      respond(init.method ?? 'GET', init.body ? JSON.parse(String(init.body)) : undefined),
    ),
  );
  vi.stubGlobal('window', { location: { pathname: '/settings', search: '', assign: vi.fn() }, setTimeout });
  const store = await import('./user-settings-store.ts');
  const { toastStore } = await import('../../ui/toast-store.ts');
  return { ...store, toastStore };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => vi.unstubAllGlobals());

describe('user settings store', () => {
  it('loads the settings once', async () => {
    const { loadUserSettings, readUserSettings } = await storeWith(() => json(saved));
    expect(readUserSettings()).toEqual({ status: 'idle', settings: null });
    await loadUserSettings();
    await loadUserSettings();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(readUserSettings()).toEqual({ status: 'ready', settings: saved });
  });

  it('shows a change at once and keeps what the server answers', async () => {
    let answerServer = () => {};
    const { loadUserSettings, changeUserSetting, readUserSettings } = await storeWith((method, body) =>
      method === 'GET'
        ? json(saved)
        : new Promise<Response>((resolve) => {
            answerServer = () => resolve(json({ ...saved, ...(body as object) }));
          }),
    );
    await loadUserSettings();
    const saving = changeUserSetting('photoDownload', false);
    expect(readUserSettings()).toMatchObject({ status: 'ready', settings: { photoDownload: false } });
    answerServer();
    await saving;
    expect(readUserSettings()).toMatchObject({ status: 'ready', settings: { photoDownload: false } });
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/settings',
      expect.objectContaining({ method: 'PATCH', body: '{"photoDownload":false}' }),
    );
  });

  it.each([
    ['the connection is down', () => Promise.reject(new TypeError('Failed to fetch')), 'You seem to be offline'],
    [
      'the server fails',
      () => json({ error: 'Something went wrong on our side. Please try again.' }, 500),
      'Settings not saved',
    ],
  ])('puts a change back and says so when %s', async (_case, answerPatch, title) => {
    const { loadUserSettings, changeUserSetting, readUserSettings, toastStore } = await storeWith((method) =>
      method === 'GET' ? json(saved) : answerPatch(),
    );
    await loadUserSettings();
    await changeUserSetting('chatMessages', false);
    expect(readUserSettings()).toMatchObject({ settings: { chatMessages: true } });
    expect(toastStore.getSnapshot()).toEqual([expect.objectContaining({ title, variant: 'destructive' })]);
  });

  it('leaves the signed-out toast alone when the session has ended', async () => {
    const { loadUserSettings, changeUserSetting, readUserSettings, toastStore } = await storeWith((method) =>
      method === 'GET' ? json(saved) : json({ error: 'Unauthorized' }, 401),
    );
    await loadUserSettings();
    await changeUserSetting('chatMessages', false);
    expect(readUserSettings()).toMatchObject({ settings: { chatMessages: true } });
    expect(toastStore.getSnapshot().map((shown) => shown.title)).toEqual(['Unauthorized']);
  });

  it('lets a later tap win over an earlier one that failed', async () => {
    const answers: ((response: Response) => void)[] = [];
    const { loadUserSettings, changeUserSetting, readUserSettings, toastStore } = await storeWith((method) =>
      method === 'GET' ? json(saved) : new Promise<Response>((resolve) => answers.push(resolve)),
    );
    await loadUserSettings();
    const first = changeUserSetting('familyUpdates', false);
    const second = changeUserSetting('familyUpdates', true);
    answers[0]?.(json({ error: 'Try later' }, 503));
    await first;
    expect(readUserSettings()).toMatchObject({ settings: { familyUpdates: true } });
    answers[1]?.(json({ ...saved, familyUpdates: true }));
    await second;
    expect(readUserSettings()).toMatchObject({ settings: { familyUpdates: true } });
    expect(toastStore.getSnapshot()).toEqual([]);
  });
});
