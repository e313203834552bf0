/** The figures every benchmark prints, computed one way. */

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
