import { describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store.ts';

describe('toast store', () => {
  it('shows a toast with the default variant and the spec duration', () => {
    const store = createToastStore();
    store.show({ title: 'Profile Updated', description: 'Your profile has been successfully updated.' });
    expect(store.getSnapshot()).toEqual([
      {
        id: expect.any(Number),
        title: 'Profile Updated',
        description: 'Your profile has been successfully updated.',
        variant: 'default',
        duration: 5000,
      },
    ]);
  });

  it('keeps at most one toast: a new one replaces the old', () => {
    const store = createToastStore();
    store.show({ title: 'First' });
    store.show({ title: 'Second', variant: 'destructive', duration: 6000 });
    const shown = store.getSnapshot();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Second', variant: 'destructive', duration: 6000 });
  });

  it('gives every toast a new id so a replacement restarts its timer', () => {
    const store = createToastStore();
    const first = store.show({ title: 'Same' });
    const second = store.show({ title: 'Same' });
    expect(second.id).not.toBe(first.id);
  });

  it('dismisses by id and ignores ids that are already gone', () => {
    const store = createToastStore();
    const old = store.show({ title: 'Old' });
    const current = store.show({ title: 'Current' });
    const listener = vi.fn();
    store.subscribe(listener);

    store.dismiss(old.id);
    expect(store.getSnapshot().map((shown) => shown.title)).toEqual(['Current']);
    expect(listener).not.toHaveBeenCalled();

    store.dismiss(current.id);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show({ title: 'Seen' });
    unsubscribe();
    store.show({ title: 'Not seen' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('can hold more than one when a screen asks for it', () => {
    const store = createToastStore(3);
    for (const title of ['a', 'b', 'c', 'd']) store.show({ title });
    expect(store.getSnapshot().map((shown) => shown.title)).toEqual(['d', 'c', 'b']);
  });
});
