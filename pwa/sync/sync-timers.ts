/** The timers syncing runs on: the system's, or a test's (testing/manual-timers.ts) that move only when told. */
export type SyncTimers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

type TimerHandle = ReturnType<typeof globalThis.setTimeout>;

export const systemTimers: SyncTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as TimerHandle),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as TimerHandle),
};

const retryFirstMs = 1000;
const retryMaxMs = 60_000;

/**
 * Wait before attempt `failures + 1`: 1 s doubling up to 60 s, times a jitter between 0.5 and 1.5 so a server
 * coming back is not met by every device at the same instant.
 */
export function retryDelayMs(failures: number, random: number): number {
  return Math.min(retryFirstMs * 2 ** (failures - 1), retryMaxMs) * (0.5 + random);
}
