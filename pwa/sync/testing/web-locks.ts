type LockInfo = { name: string };

/**
 * Web Locks as browsers grant them: one holder per name, the next waiter when it lets go; a waiter whose signal is
 * aborted leaves the queue at once. `query` says who holds and who waits, as `navigator.locks.query()` does.
 */
export function createWebLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const held: LockInfo[] = [];
  const pending: LockInfo[] = [];
  const leave = (list: LockInfo[], entry: LockInfo) => {
    if (list.includes(entry)) list.splice(list.indexOf(entry), 1);
  };
  return {
    request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown> | undefined) {
      const entry = { name };
      pending.push(entry);
      options.signal?.addEventListener('abort', () => leave(pending, entry));
      const granted = (queues.get(name) ?? Promise.resolve()).then(async () => {
        leave(pending, entry);
        if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
        held.push(entry);
        try {
          return await callback();
        } finally {
          leave(held, entry);
        }
      });
      queues.set(
        name,
        granted.catch(() => {}),
      );
      return granted;
    },
    async query(): Promise<{ held: LockInfo[]; pending: LockInfo[] }> {
      return { held: [...held], pending: [...pending] };
    },
  };
}
