import { Dexie, liveQuery, type Subscription } from 'dexie';
import { fallbackPullMs, livePullMs, pushBatchMax, syncProtocolVersion } from '../../schema/sync-protocol.ts';
import type { FamilyCursor, Poke, PushResponse } from '../../schema/sync.ts';
import type { HearthDb, OutboxEntry, RefusedWrite } from '../db/hearth-db.ts';
import { createExternalStore } from '../lib/external-store.ts';
import { createListeners } from './listeners.ts';
import { createLiveChannel } from './live-channel.ts';
import { applyPullResponse, rebase, startOverWithServer } from './rebase.ts';
import { inSyncTransaction } from './row-writer.ts';
import { ensureDeviceId, readAcknowledgedSeq, readCursors, readEpoch, storeEpoch } from './sync-state.ts';
import { retryDelayMs, systemTimers, type SyncTimers } from './sync-timers.ts';
import { SyncTransportError, type SyncTransport } from './transport.ts';

/**
 * `error`: the last run failed and is retried with backoff. `stopped`: syncing ended for good in this session (the
 * app is out of date, the session ended, or the database belongs to someone else now); nothing is retried.
 */
export type SyncPhase = 'idle' | 'syncing' | 'offline' | 'error' | 'stopped';

export type SyncEngineStatus = {
  phase: SyncPhase;
  /** The server speaks a newer protocol: syncing has stopped until the app is updated. */
  updateRequired: boolean;
  /** When the last complete push and pull ended (milliseconds since the epoch). */
  lastSyncedAt: number | null;
};

export type SyncEngineOptions = {
  db: HearthDb;
  /** The person the database belongs to: every push and pull says so, and the server refuses anyone else's session. */
  userId: string;
  transport: SyncTransport;
  /** Clock for `lastSyncedAt`. */
  now?: () => number;
  /** Source of the retry jitter, in [0, 1). */
  random?: () => number;
  timers?: SyncTimers;
  /** The server says this device belongs to another account (403): who is signed in needs checking again. */
  onWrongAccount?: () => void;
};

/**
 * How long a push or pull may go unanswered before it counts as a lost connection (retried with backoff). A train
 * entering a tunnel can leave a request hanging with no error at all; 30 s is still ample for a full page
 * (`pullPageMax` rows, `pushBatchMax` writes) over a slow mobile link.
 */
export const requestTimeoutMs = 30_000;

/**
 * The database was closed for good: another tab deleted it (sign-out) or a newer Hearth upgraded it. Retrying could
 * only fail again, and reopening would re-create a deleted database.
 */
function isDatabaseGone(error: unknown): boolean {
  return error instanceof Error && error.name === Dexie.errnames.DatabaseClosed;
}

/** What the next push or pull sends, as the database has it. */
type Outgoing = { pending: OutboxEntry[]; epoch: string | null; acknowledgedSeq: number; cursors: FamilyCursor[] };

/**
 * Reads what the next request sends in one transaction (the outbox's next batch when `batchMax` is above 0): each
 * transaction is a round trip to the browser's storage process, several milliseconds on a busy phone and behind
 * whatever the screens are reading, and on the live path every one of them is waited for.
 */
function readOutgoing(db: HearthDb, batchMax: number): Promise<Outgoing> {
  return db.transaction('r', db.outbox, db.syncState, async () => {
    const [pending, epoch, acknowledgedSeq, cursors] = await Promise.all([
      batchMax > 0 ? db.outbox.where('status').equals('pending').limit(batchMax).toArray() : [],
      readEpoch(db),
      readAcknowledgedSeq(db),
      readCursors(db),
    ]);
    return { pending, epoch, acknowledgedSeq, cursors };
  });
}

/**
 * Pushes the outbox and pulls the families' changes, one run at a time, whenever something may have changed: on
 * start, on `requestSync()` (online, focus), on a new pending write (from any tab), on a poke that is ahead of this
 * device, and every `fallbackPullMs` (`livePullMs` while the live channel is open). Failures are retried with backoff; nothing leaves the outbox on a guess.
 */
export function createSyncEngine({
  db,
  userId,
  transport,
  now = Date.now,
  random = Math.random,
  timers = systemTimers,
  onWrongAccount = () => {},
}: SyncEngineOptions) {
  const status = createExternalStore<SyncEngineStatus>({ phase: 'idle', updateRequired: false, lastSyncedAt: null });
  const rejected = createListeners<RefusedWrite>();

  let started = false;
  let currentRun: Promise<void> | null = null;
  let runAgain = false;
  /** True while a run may still read the outbox for pushing: a write made then is pushed by that run. */
  let pushing = false;
  /** Whether the current run has begun pulling: news from the server after that needs another run. */
  let pullBegun = false;
  /** The highest seq a push has read, so only writes newer than it wake the engine. */
  let highestSeqRead = 0;
  /** The newest pending seq the outbox watch has seen. */
  let newestPendingSeq = 0;
  let failures = 0;
  let retryTimer: unknown;
  let fallbackTimer: unknown;
  let outboxSubscription: Subscription | undefined;
  let deviceId: string | undefined;
  /**
   * The version of each family this device holds, as of the last cursors read or pulled here: a poke no newer needs
   * no pull. Only ever behind the database (another tab may pull meanwhile), which costs at most a pull for nothing.
   */
  const heldVersions = new Map<string, number>();
  /** The push or pull waiting for its answer, so stop() can abort it. */
  let requestInFlight: AbortController | undefined;

  const live = createLiveChannel({
    transport,
    timers,
    random,
    // Pokes sent while the channel was down are lost: catch up once.
    onOpen: () => catchUp(),
    onPoke: (poke) => void pullIfBehind(poke),
  });
  /** Fallback ticks since the last fallback pull while the live channel was open. */
  let quietTicks = 0;

  function setStatus(change: Partial<SyncEngineStatus>): void {
    status.set({ ...status.get(), ...change });
  }

  /**
   * Records the server's answers: an applied write is `sent`, a refused one leaves the outbox for `refusedWrites`
   * and is rolled back by a rebase in the same transaction.
   */
  async function recordPushResults(response: PushResponse): Promise<void> {
    const refused = await inSyncTransaction(db, async () => {
      const writes: RefusedWrite[] = [];
      const refusedEntries: OutboxEntry[] = [];
      for (const result of response.results) {
        const entry = await db.outbox.get(result.seq);
        if (entry?.status !== 'pending') continue;
        const reason = result.status === 'applied' ? undefined : result.reason;
        if (reason === undefined) {
          await db.outbox.put({ ...entry, status: 'sent' });
        } else {
          await db.outbox.delete(entry.seq);
          refusedEntries.push(entry);
          const { name, args, createdAt } = entry;
          const write = { name, args, createdAt, reason } as Omit<RefusedWrite, 'id'>;
          writes.push({ ...write, id: await db.refusedWrites.add(write as RefusedWrite) } as RefusedWrite);
        }
      }
      await storeEpoch(db, response.epoch);
      if (writes.length > 0) await rebase(db, { refused: refusedEntries });
      return writes;
    });
    for (const write of refused) rejected.tell(write);
  }

  /** One push or pull, abandoned when the engine stops or no answer came within `requestTimeoutMs`. */
  async function answerTo<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const request = new AbortController();
    requestInFlight = request;
    const timeout = timers.setTimeout(
      () => request.abort(new SyncTransportError('network', `No answer within ${requestTimeoutMs / 1000} s`)),
      requestTimeoutMs,
    );
    // A transport that does not heed the signal must not hold the engine either.
    const abandoned = new Promise<never>((_resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
    });
    try {
      return await Promise.race([send(request.signal), abandoned]);
    } finally {
      timers.clearTimeout(timeout);
      requestInFlight = undefined;
    }
  }

  /** What every push and pull says about this device. */
  function deviceFields(device: string, { epoch, acknowledgedSeq }: Outgoing) {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return { protocolVersion: syncProtocolVersion, deviceId: device, userId, epoch, acknowledgedSeq, timeZone };
  }

  function holdVersions(cursors: readonly FamilyCursor[]): void {
    heldVersions.clear();
    for (const cursor of cursors) heldVersions.set(cursor.familyId, cursor.version);
  }

  /**
   * A write that committed just after the push's last read may have been reported while `pushing` was still true:
   * looks again. Not at what the outbox watch last said, which may be out of date (a start-over renumbers the outbox
   * below it): trusting it made a device pull in a tight loop with nothing to send (the nemesis).
   */
  async function pushAgainIfWritten(): Promise<void> {
    const newest = await db.outbox.where('status').equals('pending').last();
    if (newest && newest.seq > highestSeqRead) runAgain = true;
  }

  /** Pushes until the outbox has nothing pending; answers what the pull then sends (undefined once stopped). */
  async function pushQueuedWrites(device: string): Promise<Outgoing | undefined> {
    while (started) {
      const outgoing = await readOutgoing(db, pushBatchMax);
      holdVersions(outgoing.cursors);
      const batch = outgoing.pending;
      if (batch.length === 0) return outgoing;
      highestSeqRead = Math.max(highestSeqRead, ...batch.map((entry) => entry.seq));
      let response: PushResponse;
      try {
        const request = {
          ...deviceFields(device, outgoing),
          sentAt: new Date(now()).toISOString(),
          mutations: batch.map(({ seq, name, args, createdAt }) => ({ seq, name, args, writtenAt: createdAt })),
        };
        response = await answerTo((signal) => transport.push(request, signal));
      } catch (error) {
        if (error instanceof SyncTransportError && error.partialPush) await recordPushResults(error.partialPush);
        // A device that never heard the server's history learns it first (0037): it held nothing to lose, so it
        // sends again at once, naming it.
        if (outgoing.epoch === null && error instanceof SyncTransportError && error.historyChanged) {
          await startOver(error.historyChanged);
          continue;
        }
        throw error;
      }
      await recordPushResults(response);
      if (response.gap) {
        // The server expects a seq this device has no longer waiting: it was acknowledged, then forgotten by a
        // server put back without a new history. The same as a new history: start over, then retry with backoff.
        await startOver({ epoch: response.epoch, lastAppliedSeq: response.lastAppliedSeq });
        throw new SyncTransportError('history-changed', `The server expects seq ${response.gap.expectedSeq} next`);
      }
      // Does not resolve by pushing again at once; the run fails and is retried with backoff.
      if (response.results.length === 0) throw new Error('The server answered a push without handling any write');
    }
    return undefined;
  }

  /** Pulls page after page, the first with what the push left to send (`first`). */
  async function pullChanges(device: string, first: Outgoing): Promise<void> {
    pullBegun = true;
    let outgoing = first;
    while (started) {
      const request = { ...deviceFields(device, outgoing), cursors: outgoing.cursors };
      const response = await answerTo((signal) => transport.pull(request, signal));
      await applyPullResponse(db, response);
      for (const family of response.families) {
        if (family.status === 'drop') heldVersions.delete(family.familyId);
        else heldVersions.set(family.familyId, family.cursor.version);
      }
      if (!response.more) return;
      outgoing = await readOutgoing(db, 0);
    }
  }

  /**
   * Starts over with the server (rebase.ts `startOverWithServer`). The renumbered writes are not new writes: the
   * outbox watch must not take them for some and sync at once, or a server that keeps forgetting would be pushed
   * in a tight loop instead of with backoff. A write made after them still wakes the engine.
   */
  async function startOver(history: { epoch: string; lastAppliedSeq: number }): Promise<void> {
    heldVersions.clear();
    highestSeqRead = await startOverWithServer(db, history);
  }

  /**
   * A 409: the server's history is not the one this device synced with. The device starts over before the run's
   * failure is handled like any other (a retry with backoff). Answers the failure to handle.
   */
  async function startOverIfHistoryChanged(error: unknown): Promise<unknown> {
    if (!(error instanceof SyncTransportError) || !error.historyChanged) return error;
    try {
      await startOver(error.historyChanged);
      return error;
    } catch (failure) {
      return failure;
    }
  }

  function scheduleRetry(): void {
    failures += 1;
    retryTimer = timers.setTimeout(
      () => {
        retryTimer = undefined;
        requestSync();
      },
      retryDelayMs(failures, random()),
    );
  }

  function handleFailure(error: unknown): void {
    const kind = error instanceof SyncTransportError ? error.kind : undefined;
    if (isDatabaseGone(error)) {
      // The session that owns this database is ending; it says what happens next.
      setStatus({ phase: 'stopped' });
      stop();
    } else if (kind === 'update-required') {
      // Left as it is after stopping, so every tab keeps showing Update Hearth.
      setStatus({ phase: 'stopped', updateRequired: true });
      stop();
    } else if (kind === 'signed-out') {
      // The API client tells the person and sends them to sign in; this session's engine has nothing left to do.
      setStatus({ phase: 'stopped' });
      stop();
    } else if (kind === 'wrong-account') {
      // Retrying cannot help: whoever is signed in now is not this database's person.
      setStatus({ phase: 'stopped' });
      stop();
      onWrongAccount();
    } else if (kind === 'history-changed') {
      // Started over already: nothing is wrong that the person could act on; the next run fetches everything again.
      setStatus({ phase: 'syncing' });
      scheduleRetry();
    } else {
      if (kind === undefined) console.warn('Sync failed', error);
      setStatus({ phase: kind === 'network' ? 'offline' : 'error' });
      scheduleRetry();
    }
  }

  /** One push and pull; false when it failed (a retry is then scheduled) or the engine stopped meanwhile. */
  async function syncOnce(): Promise<boolean> {
    setStatus({ phase: 'syncing' });
    pushing = true;
    pullBegun = false;
    try {
      const device = (deviceId ??= await ensureDeviceId(db));
      const outgoing = await pushQueuedWrites(device);
      pushing = false;
      if (outgoing) {
        // The look at the outbox goes beside the pull rather than before it: it only decides whether to run again.
        const lookedAgain = pushAgainIfWritten();
        try {
          await pullChanges(device, outgoing);
        } finally {
          await lookedAgain;
        }
      }
    } catch (error) {
      pushing = false;
      // After stop() the database may already be closed or deleted (sign-out): nothing to report or retry.
      if (started) handleFailure(await startOverIfHistoryChanged(error));
      return false;
    }
    if (!started) return false;
    failures = 0;
    setStatus({ phase: 'idle', lastSyncedAt: now() });
    return true;
  }

  async function runUntilSettled(): Promise<void> {
    try {
      let succeeded: boolean;
      do {
        runAgain = false;
        succeeded = await syncOnce();
      } while (succeeded && runAgain && started);
    } finally {
      // Cleared in the same step as the last check of runAgain, so no request falls between the two.
      currentRun = null;
    }
  }

  /** Runs a sync now, or right after the current one (whatever it has already read may be out of date). */
  function requestSync(): void {
    if (!started) return;
    if (currentRun) {
      runAgain = true;
      return;
    }
    // A request (online, focus, a write) tries at once; the failure count is kept, so backoff still grows.
    timers.clearTimeout(retryTimer);
    retryTimer = undefined;
    currentRun = runUntilSettled();
  }

  /**
   * There may be news on the server (back online, the person back in the app, the fallback timer): a run that has
   * not begun pulling yet will fetch it anyway, so only a run already pulling needs another after it.
   */
  function catchUp(): void {
    if (currentRun && !pullBegun) return;
    requestSync();
  }

  async function whenSettled(): Promise<void> {
    while (currentRun) await currentRun;
  }

  async function pullIfBehind(poke: Poke): Promise<void> {
    // The run under way may bring this version already: a poke for this device's own push arrives during the run.
    await whenSettled();
    const held = heldVersions.get(poke.familyId);
    if (held === undefined || poke.version > held) requestSync();
  }

  function start(): void {
    if (started) return;
    started = true;
    outboxSubscription = liveQuery(() => db.outbox.where('status').equals('pending').last()).subscribe({
      next(newest) {
        newestPendingSeq = newest?.seq ?? 0;
        if (newestPendingSeq > highestSeqRead && !pushing) requestSync();
      },
      error(error: unknown) {
        console.warn('Stopped watching the outbox', error);
      },
    });
    fallbackTimer = timers.setInterval(() => {
      // While a retry is scheduled, its backoff decides when to try again.
      if (retryTimer !== undefined) return;
      if (live.isOpen() && (quietTicks += 1) < livePullMs / fallbackPullMs) return;
      quietTicks = 0;
      catchUp();
    }, fallbackPullMs);
    live.start();
    requestSync();
  }

  /** Stops every trigger and abandons the request in flight (what it sent stays in the outbox, to be sent again). */
  function stop(): void {
    if (!started) return;
    started = false;
    requestInFlight?.abort(new Error('Syncing stopped'));
    outboxSubscription?.unsubscribe();
    outboxSubscription = undefined;
    timers.clearInterval(fallbackTimer);
    timers.clearTimeout(retryTimer);
    retryTimer = undefined;
    live.stop();
  }

  return {
    start,
    stop,
    requestSync,
    status: { get: status.get, subscribe: status.subscribe },
    /** The browser says the network is gone: show it now rather than at the next failed request. */
    reportOffline(): void {
      if (status.get().phase !== 'syncing') setStatus({ phase: 'offline' });
    },
    /** Called once per refused write, after its rollback is committed. Returns the unsubscribe function. */
    onRejected: rejected.add,
    catchUp,
    /** Resolves when no run is in progress (runs requested meanwhile included). */
    whenSettled,
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
