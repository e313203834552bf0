import { liveHeartbeatMs } from '../../schema/sync-protocol.ts';
import type { Poke } from '../../schema/sync.ts';
import { retryDelayMs, type SyncTimers } from './sync-timers.ts';
import type { SyncTransport } from './transport.ts';

/**
 * A live channel silent this long (no open, poke or heartbeat) has broken without saying so (a sleeping laptop, a
 * proxy that drops idle streams): two and a half heartbeats, so one late heartbeat is not mistaken for a break.
 */
export const liveSilenceMaxMs = liveHeartbeatMs * 2.5;

/**
 * The sync engine's live channel: kept open while it runs, taken as broken after `liveSilenceMaxMs` of silence,
 * and opened again after a backoff when it breaks. Each (re)open calls `onOpen` (pokes sent while it was down are
 * lost, so the engine catches up once), each poke `onPoke`.
 */
export function createLiveChannel({
  transport,
  timers,
  random,
  onOpen,
  onPoke,
}: {
  transport: SyncTransport;
  timers: SyncTimers;
  random: () => number;
  onOpen: () => void;
  onPoke: (poke: Poke) => void;
}) {
  let running = false;
  let current: { close: () => void } | undefined;
  let failures = 0;
  let retryTimer: unknown;
  let watchdog: unknown;
  let open = false;

  function connect(): void {
    const connection = { close: () => {} };
    const isCurrent = () => current === connection;

    function heardFrom(): void {
      timers.clearTimeout(watchdog);
      watchdog = timers.setTimeout(broken, liveSilenceMaxMs);
    }

    function broken(): void {
      if (!isCurrent()) return;
      open = false;
      timers.clearTimeout(watchdog);
      watchdog = undefined;
      connection.close();
      current = undefined;
      failures += 1;
      retryTimer = timers.setTimeout(
        () => {
          retryTimer = undefined;
          if (running) connect();
        },
        retryDelayMs(failures, random()),
      );
    }

    connection.close = transport.openLive({
      onOpen() {
        if (!isCurrent()) return;
        heardFrom();
        failures = 0;
        open = true;
        onOpen();
      },
      onPoke(poke) {
        if (!isCurrent()) return;
        heardFrom();
        onPoke(poke);
      },
      onHeartbeat() {
        if (isCurrent()) heardFrom();
      },
      onError: broken,
    });
    current = connection;
    // Also bounds the wait for the first open: a connection attempt can hang as silently as an open channel.
    heardFrom();
  }

  return {
    start(): void {
      running = true;
      connect();
    },
    stop(): void {
      running = false;
      timers.clearTimeout(retryTimer);
      retryTimer = undefined;
      timers.clearTimeout(watchdog);
      watchdog = undefined;
      current?.close();
      current = undefined;
      open = false;
    },
    /** Open now: pokes bring the news, and the engine's fallback pulls only every `livePullMs`. */
    isOpen: () => open,
  };
}
