import { timings, toastRules } from '../../schema/limits.ts';
import { createExternalStore } from '../lib/external-store.ts';

export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How long it stays, in milliseconds. */
  duration?: number;
};

export type Toast = {
  id: number;
  title: string;
  description: string | undefined;
  variant: ToastVariant;
  duration: number;
};

/**
 * The toasts on screen, newest first, outside React so anything (the API client, a form) can raise one. Only
 * `limit` are kept: a new toast replaces the oldest, so a burst of errors never stacks up over the page.
 */
export function createToastStore(limit: number = toastRules.limit) {
  const shownToasts = createExternalStore<readonly Toast[]>([]);
  let nextId = 1;

  return {
    getSnapshot: shownToasts.get,
    subscribe: shownToasts.subscribe,
    use: shownToasts.use,
    show(options: ToastOptions): Toast {
      const shown: Toast = {
        id: nextId++,
        title: options.title,
        description: options.description,
        variant: options.variant ?? 'default',
        duration: options.duration ?? timings.toastDefaultDuration,
      };
      shownToasts.set([shown, ...shownToasts.get()].slice(0, limit));
      return shown;
    },
    dismiss(id: number): void {
      const toasts = shownToasts.get();
      if (toasts.some((shown) => shown.id === id)) shownToasts.set(toasts.filter((shown) => shown.id !== id));
    },
  };
}

export const toastStore = createToastStore();

/** Shows a toast from anywhere; returns a handle to take it away early. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const { id } = toastStore.show(options);
  return { id, dismiss: () => toastStore.dismiss(id) };
}
