/** Web Locks as browsers grant them: one holder per name, the next waiter when it lets go. */
export function createWebLocks() {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown> | undefined) {
      const granted = (queues.get(name) ?? Promise.resolve()).then(() => {
        if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
        return callback();
      });
      queues.set(
        name,
        granted.catch(() => {}),
      );
      return granted;
    },
  };
}
