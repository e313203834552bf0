import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh gate (its state is the module's) on a page whose load event has fired or is still to come. */
async function gateOnPage(readyState: 'loading' | 'complete') {
  vi.resetModules();
  const loadListeners: (() => void)[] = [];
  vi.stubGlobal('document', { readyState });
  vi.stubGlobal('window', { addEventListener: (_: string, listener: () => void) => loadListeners.push(listener) });
  const gate = await import('./registration-gate.ts');
  const register = vi.fn();
  gate.registerServiceWorkerInTime(register);
  return { ...gate, register, load: () => loadListeners.forEach((listener) => listener()) };
}

/** Lets the gate's promise callbacks run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('when the service worker registers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the page to have what it came for (a first sync), then registers once', async () => {
    const gate = await gateOnPage('complete');
    await settle();
    expect(gate.register).not.toHaveBeenCalled();
    gate.serviceWorkerMayRegister();
    gate.serviceWorkerMayRegister();
    await settle();
    expect(gate.register).toHaveBeenCalledTimes(1);
  });

  it('never before the page has loaded', async () => {
    const gate = await gateOnPage('loading');
    gate.serviceWorkerMayRegister();
    await settle();
    expect(gate.register).not.toHaveBeenCalled();
    gate.load();
    await settle();
    expect(gate.register).toHaveBeenCalledTimes(1);
  });

  it('registers a minute after the page loaded when nothing said it may', async () => {
    const gate = await gateOnPage('complete');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(gate.register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gate.register).toHaveBeenCalledTimes(1);
  });
});
