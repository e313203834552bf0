/** The figures every benchmark prints, computed one way. */
import { availableParallelism, loadavg } from 'node:os';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Each round, in the order measured: "12, 15, 11". */
export function milliseconds(values: number[]): string {
  return values.map((value) => value.toFixed(0)).join(', ');
}

/** "p50 … ms, p95 … ms, max … ms" (nearest rank). */
export function latencyFigures(values: number[]): string {
  return (
    `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, ` +
    `max ${Math.max(...values).toFixed(0)} ms`
  );
}

/** The load average over the last minute, as every figure's line reports it: "12.3". */
export function loadAverage(): string {
  return loadavg()[0]!.toFixed(1);
}

/**
 * A wait that is long enough on a quiet machine, stretched by how many runnable tasks each core has now: on a shared
 * machine at load 40 a bench waits that much longer rather than giving up before it could measure anything.
 */
export function scaledWithLoad(quietMs: number): number {
  return Math.round(quietMs * Math.max(1, loadavg()[0]! / availableParallelism()));
}
