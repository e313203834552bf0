import type { SyncTimers } from '../sync-timers.ts';

type Scheduled = { at: number; callback: () => void; every: number | undefined };

/** Timers that only move when a test says so, so backoff and intervals are checked without waiting. */
export function createManualTimers() {
  let now = 0;
  let nextId = 1;
  const scheduled = new Map<number, Scheduled>();

  function schedule(callback: () => void, ms: number, every: number | undefined): number {
    const id = nextId++;
    scheduled.set(id, { at: now + ms, callback, every });
    return id;
  }

  const timers: SyncTimers = {
    setTimeout: (callback, ms) => schedule(callback, ms, undefined),
    clearTimeout: (handle) => scheduled.delete(handle as number),
    setInterval: (callback, ms) => schedule(callback, ms, ms),
    clearInterval: (handle) => scheduled.delete(handle as number),
  };

  return {
    timers,
    /** Moves time on by `ms`, running every callback that falls due, in time order. */
    advance(ms: number): void {
      const end = now + ms;
      for (;;) {
        const due = [...scheduled.entries()]
          .filter(([, timer]) => timer.at <= end)
          .sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        const [id, timer] = due;
        now = timer.at;
        if (timer.every === undefined) scheduled.delete(id);
        else timer.at += timer.every;
        timer.callback();
      }
      now = end;
    },
    /** The one-off timers waiting, as milliseconds from now. */
    pendingTimeouts(): number[] {
      return [...scheduled.values()].filter((timer) => timer.every === undefined).map((timer) => timer.at - now);
    },
  };
}
