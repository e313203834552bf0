import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveChannelPath, syncProtocolVersion, type PushRequest } from '../../schema/sync.ts';
import type { LiveHandlers } from './transport.ts';

const deviceId = '6f1c2a52-8d1e-4f57-9a43-2f0b3c1d9e10';
const userId = '0a7e3c1d-52f1-4b9e-8c6d-3e2f1a0b9c8d';
const epoch = '1c9d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const writtenAt = new Date(0).toISOString();
const pushRequest: PushRequest = {
  protocolVersion: syncProtocolVersion,
  deviceId,
  userId,
  epoch,
  acknowledgedSeq: 0,
  sentAt: writtenAt,
  mutations: [{ seq: 1, name: 'post.delete', args: { postId: deviceId }, writtenAt }],
};

const assign = vi.fn();

/** A fresh API client per test: it remembers, per page, that it already sent the person to sign in again. */
async function loadTransport(respond: (path: string, init?: RequestInit) => Response | Promise<Response>) {
  vi.resetModules();
  vi.stubGlobal('fetch', vi.fn(respond));
  const { httpTransport } = await import('./http-transport.ts');
  const { toastStore } = await import('../ui/toast-store.ts');
  return { httpTransport, toastStore };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const pullRequest = { protocolVersion: syncProtocolVersion, deviceId, userId, epoch, acknowledgedSeq: 0, cursors: [] };
const noAbort = new AbortController().signal;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', {
    location: { pathname: '/', search: '', assign },
    setTimeout: (callback: () => void, delay: number) => setTimeout(callback, delay),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  assign.mockReset();
});

describe('push and pull over HTTP', () => {
  it('posts the request as JSON and answers the checked response', async () => {
    const answer = { epoch, results: [{ seq: 1, status: 'applied' }], lastAppliedSeq: 1 };
    const { httpTransport } = await loadTransport(() => json(answer));
    expect(await httpTransport.push(pushRequest, noAbort)).toEqual(answer);
    expect(fetch).toHaveBeenCalledWith(
      '/api/sync/push',
      expect.objectContaining({ method: 'POST', body: JSON.stringify(pushRequest), credentials: 'include' }),
    );

    const pull = { epoch, lastAppliedSeq: 1, families: [], users: [], more: false };
    const { httpTransport: again } = await loadTransport(() => json(pull));
    expect(await again.pull(pullRequest, noAbort)).toEqual(pull);
    expect(fetch).toHaveBeenCalledWith('/api/sync/pull', expect.objectContaining({ method: 'POST' }));
  });

  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch')), 'network'],
    ['500', () => json({ error: 'Something went wrong' }, 500), 'server'],
    ['429', () => json({ error: 'Slow down' }, 429), 'server'],
    ['an answer outside the protocol', () => json({ results: 'nope' }), 'server'],
    ['an answer that is not JSON', () => new Response('<html>', { status: 200 }), 'server'],
    ['426', () => json({ error: 'Please update Hearth', code: 'update_required' }, 426), 'update-required'],
    ['400', () => json({ error: 'Invalid request' }, 400), 'refused'],
    ['403', () => json({ error: 'This device belongs to another account' }, 403), 'wrong-account'],
  ])('classifies %s', async (_name, respond, kind) => {
    const { httpTransport } = await loadTransport(respond);
    await expect(httpTransport.push(pushRequest, noAbort)).rejects.toMatchObject({ name: 'SyncTransportError', kind });
  });

  it('401: the API client says the session ended and sends the person to sign in', async () => {
    const { httpTransport, toastStore } = await loadTransport(() => json({ error: 'Unauthorized' }, 401));
    await expect(httpTransport.pull(pullRequest, noAbort)).rejects.toMatchObject({ kind: 'signed-out' });
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Unauthorized' });
    await vi.runAllTimersAsync();
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2F');
  });

  it('an aborted request fails with the reason it was aborted for, not as a network failure', async () => {
    // Like fetch: no answer until aborted, then rejected with the signal's reason.
    const { httpTransport } = await loadTransport(
      (_path, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const request = new AbortController();
    const pulling = httpTransport.pull(pullRequest, request.signal);
    const reason = new Error('No answer within 30 s');
    request.abort(reason);
    await expect(pulling).rejects.toBe(reason);
  });

  it('503 to a push: keeps the results of the mutations handled before the failure', async () => {
    const partial = { epoch, results: [{ seq: 1, status: 'applied' }], lastAppliedSeq: 1 };
    const { httpTransport } = await loadTransport(() => json({ error: 'Please try again', ...partial }, 503));
    await expect(httpTransport.push(pushRequest, noAbort)).rejects.toMatchObject({
      kind: 'server',
      partialPush: partial,
    });

    const { httpTransport: plain } = await loadTransport(() => json({ error: 'Please try again' }, 503));
    await expect(plain.push(pushRequest, noAbort)).rejects.toMatchObject({ kind: 'server', partialPush: undefined });
  });

  it("409: the server's new history and this device's watermark in it, for starting over", async () => {
    const newEpoch = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
    const { httpTransport } = await loadTransport(() =>
      json({ error: 'Restored from a backup', epoch: newEpoch, lastAppliedSeq: 4 }, 409),
    );
    await expect(httpTransport.pull(pullRequest, noAbort)).rejects.toMatchObject({
      kind: 'history-changed',
      historyChanged: { epoch: newEpoch, lastAppliedSeq: 4 },
    });
  });
});

describe('the live channel', () => {
  class FakeEventSource extends EventTarget {
    static readonly CLOSED = 2;
    static opened: FakeEventSource[] = [];
    readonly url: string;
    readyState = 0;
    closed = false;
    constructor(url: string) {
      super();
      this.url = url;
      FakeEventSource.opened.push(this);
    }
    close() {
      this.closed = true;
    }
    send(type: string, data?: string) {
      this.dispatchEvent(new MessageEvent(type, { data }));
    }
  }

  it('forwards pokes with a valid shape, heartbeats, open and error', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { httpTransport } = await loadTransport(() => json({}));
    const handlers: LiveHandlers = { onPoke: vi.fn(), onOpen: vi.fn(), onHeartbeat: vi.fn(), onError: vi.fn() };
    const close = httpTransport.openLive(handlers);
    const source = FakeEventSource.opened.at(-1)!;
    expect(source.url).toBe(liveChannelPath);
    expect(source.url).toBe(`/api/sync/live?protocolVersion=${syncProtocolVersion}`);

    source.send('open');
    source.send('heartbeat', '{}');
    source.send('poke', JSON.stringify({ familyId: deviceId, version: 7 }));
    source.send('poke', '{"familyId": 1}');
    source.send('poke', 'not json');
    source.send('error');
    close();

    expect(handlers.onOpen).toHaveBeenCalledTimes(1);
    expect(handlers.onHeartbeat).toHaveBeenCalledTimes(1);
    expect(handlers.onPoke).toHaveBeenCalledTimes(1);
    expect(handlers.onPoke).toHaveBeenCalledWith({ familyId: deviceId, version: 7 });
    expect(handlers.onError).toHaveBeenCalledTimes(1);
    expect(source.closed).toBe(true);
  });

  it('ends the session when the server refuses the channel with a 401, which an EventSource does not tell', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const asked: string[] = [];
    const { httpTransport } = await loadTransport((path) => {
      asked.push(path);
      return json({ error: 'Unauthorized' }, 401);
    });
    const handlers: LiveHandlers = { onPoke: vi.fn(), onOpen: vi.fn(), onHeartbeat: vi.fn(), onError: vi.fn() };
    const close = httpTransport.openLive(handlers);
    const source = FakeEventSource.opened.at(-1)!;

    // A dropped connection the browser reconnects by itself: nobody is asked anything.
    source.send('error');
    expect(asked).toEqual([]);
    // Refused: closed for good.
    source.readyState = FakeEventSource.CLOSED;
    source.send('error');
    await vi.runAllTimersAsync();
    close();

    expect(asked).toEqual(['/api/auth/user']);
    expect(handlers.onError).toHaveBeenCalledTimes(2);
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2F');
  });
});
