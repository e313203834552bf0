import { useSyncExternalStore } from 'react';

/**
 * A value kept outside React that modules can read and replace (the API client, a form, a sync engine) and that
 * screens follow with `use()`. Every store in the app is one of these, so they all notify the same way.
 */
export function createExternalStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const get = (): T => value;

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return {
    get,
    subscribe,
    set(next: T): void {
      value = next;
      for (const listener of listeners) listener();
    },
    use: (): T => useSyncExternalStore(subscribe, get, get),
  };
}
