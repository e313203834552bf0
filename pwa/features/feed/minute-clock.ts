import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let now = Date.now();
let ticking: ReturnType<typeof setInterval> | undefined;

const snapshot = (): number => now;

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (ticking === undefined) {
    // The clock stood still while nobody watched: catch up before the first minute passes.
    now = Date.now();
    ticking = setInterval(tick, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(ticking);
    ticking = undefined;
  };
}

/**
 * The time now, moving on once a minute, so "just now" becomes "5 minutes ago" on a feed left open on the kitchen
 * tablet. One timer for the whole screen, running only while some time is shown.
 */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
