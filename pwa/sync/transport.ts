import type { HistoryChanged, Poke, PullRequest, PullResponse, PushRequest, PushResponse } from '../../schema/sync.ts';

export type LiveHandlers = {
  onPoke(poke: Poke): void;
  onOpen(): void;
  /** The server's "still here" (every `liveHeartbeatMs`): a channel that stays silent longer has broken unseen. */
  onHeartbeat(): void;
  /** The channel broke; the engine closes it and opens a new one later. */
  onError(): void;
};

/** How the engine talks to the server: HTTP in the browser (http-transport.ts), an in-memory server in tests. */
export type SyncTransport = {
  /** `signal` aborts the request (the engine stopped, or the answer is overdue). */
  push(request: PushRequest, signal: AbortSignal): Promise<PushResponse>;
  pull(request: PullRequest, signal: AbortSignal): Promise<PullResponse>;
  /** Opens the live channel; returns the function that closes it. */
  openLive(handlers: LiveHandlers): () => void;
};

/**
 * - `network`: no answer at all (offline, server unreachable). Retried with backoff.
 * - `server`: 5xx, 429, or an answer that is not the protocol's shape. Retried with backoff.
 * - `signed-out`: 401. The engine stops; the API client already sends the person to sign in again.
 * - `wrong-account`: 403, the device belongs to another account: someone else signed in on this browser (in another
 *   tab, say). The engine stops and the app asks the server who is signed in now.
 * - `update-required`: 426, this app speaks an older protocol. The engine stops and the app asks for an update.
 * - `history-changed`: 409, the server's history is not the one this device synced with (restored from a backup):
 *   the device starts over (rebase.ts `startOverWithServer`) and tries again with backoff.
 * - `refused`: any other 4xx, a request the server will not take as it is. Retried with backoff, since only a new
 *   version of the app or the server can change the answer.
 */
export type SyncFailureKind =
  | 'network'
  | 'server'
  | 'signed-out'
  | 'wrong-account'
  | 'update-required'
  | 'history-changed'
  | 'refused';

export class SyncTransportError extends Error {
  readonly kind: SyncFailureKind;
  /**
   * A 503 to a push still says what happened to the mutations before the failure; the engine records those
   * answers so they are not waiting on a guess.
   */
  readonly partialPush: PushResponse | undefined;
  /** A 409's answer: the server's epoch and this device's watermark in it, for starting over. */
  readonly historyChanged: Omit<HistoryChanged, 'error'> | undefined;

  constructor(
    kind: SyncFailureKind,
    message: string,
    options: { cause?: unknown; partialPush?: PushResponse; historyChanged?: Omit<HistoryChanged, 'error'> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'SyncTransportError';
    this.kind = kind;
    this.partialPush = options.partialPush;
    this.historyChanged = options.historyChanged;
  }
}

export function failureKindOfStatus(status: number): Exclude<SyncFailureKind, 'network'> {
  if (status === 401) return 'signed-out';
  if (status === 403) return 'wrong-account';
  if (status === 426) return 'update-required';
  if (status === 409) return 'history-changed';
  if (status >= 500 || status === 429) return 'server';
  return 'refused';
}

/**
 * Reads a poke's data by hand: pokes arrive often and only ever need these two fields, so zod stays out of the
 * path. Anything else is ignored (the fallback pull catches up).
 */
export function parsePoke(data: string): Poke | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { familyId, version } = value as { familyId?: unknown; version?: unknown };
  if (typeof familyId !== 'string' || typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) {
    return null;
  }
  return { familyId, version };
}
