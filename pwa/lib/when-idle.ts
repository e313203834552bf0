/**
 * Runs `run` once the browser is idle, at the latest after `timeoutMs`; where the browser cannot tell (Safari has no
 * requestIdleCallback), after the work in hand. Answers the function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}
