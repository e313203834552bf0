import { liveChannelPath } from '../../schema/sync-protocol.ts';
import type { User } from '../../schema/entities.ts';
import { api, ApiError, NetworkError, signInAgain } from '../lib/api-client.ts';
import { isHistoryChanged, isPullResponse, isPushResponse } from './response-shapes.ts';
import { failureKindOfStatus, parsePoke, SyncTransportError, type SyncTransport } from './transport.ts';

const pushPath = '/api/sync/push';
const pullPath = '/api/sync/pull';

/** The JSON body of an error answer, or undefined. */
function bodyOf(error: ApiError): unknown {
  try {
    return JSON.parse(error.bodyText);
  } catch {
    return undefined;
  }
}

function transportErrorOf(error: unknown, path: string): SyncTransportError {
  if (error instanceof NetworkError) return new SyncTransportError('network', error.message, { cause: error });
  if (error instanceof ApiError) {
    const body = bodyOf(error);
    // A 503 push answer carries the results of the mutations before the failure; a 409 the server's new history.
    const partialPush = path === pushPath && error.status === 503 && isPushResponse(body) ? body : undefined;
    const historyChanged = error.status === 409 && isHistoryChanged(body) ? body : undefined;
    return new SyncTransportError(failureKindOfStatus(error.status), error.message, {
      cause: error,
      partialPush,
      historyChanged,
    });
  }
  // An OK answer whose body is not JSON.
  return new SyncTransportError('server', `${path} answered something that is not JSON`, { cause: error });
}

async function post<T>(
  path: string,
  body: unknown,
  signal: AbortSignal,
  hasAnswerShape: (answer: unknown) => answer is T,
): Promise<T> {
  let answer: unknown;
  try {
    // A 401 goes through the API client's usual "signed out" toast and sign-in redirect.
    answer = await api.post<unknown>(path, body, { signal });
  } catch (error) {
    // The engine's reason for aborting (stopped, or no answer in time) says more than the browser's AbortError.
    if (signal.aborted) throw signal.reason;
    throw transportErrorOf(error, path);
  }
  // The device stores what the server sends as the truth its screens show, so it is checked at the door.
  if (!hasAnswerShape(answer)) throw new SyncTransportError('server', `${path} answered outside the sync protocol`);
  return answer;
}

/** The browser's way to the sync server: the API client for push and pull, an EventSource for pokes. */
export const httpTransport: SyncTransport = {
  push: (request, signal) => post(pushPath, request, signal, isPushResponse),
  pull: (request, signal) => post(pullPath, request, signal, isPullResponse),
  openLive(handlers) {
    const source = new EventSource(liveChannelPath);
    source.addEventListener('open', () => handlers.onOpen());
    source.addEventListener('error', () => {
      // Closed for good rather than reconnecting: the server answered with an error, which an EventSource does not
      // tell. Asking who is signed in lets a 401 end the session at once, as on any other request (decision 0031).
      // No session cookie at all (it expired in the browser) is an ended session too.
      if (source.readyState === EventSource.CLOSED)
        void api.get<User | undefined>('/api/auth/user').then(
          (user) => {
            if (!user) signInAgain();
          },
          () => {},
        );
      handlers.onError();
    });
    source.addEventListener('heartbeat', () => handlers.onHeartbeat());
    source.addEventListener('poke', (event) => {
      const poke = parsePoke(String((event as MessageEvent).data));
      if (poke) handlers.onPoke(poke);
    });
    return () => source.close();
  },
};
