import type { Poke, PullRequest, PullResponse, PushRequest, PushResponse } from '../../../schema/sync.ts';
import { SyncTransportError, type LiveHandlers, type SyncTransport } from '../transport.ts';

/** What a scripted transport asks of the server behind it (fake-sync-server.ts), as the device's user. */
type ServerSide = {
  /** Applies the push; `stopAfter` mutations at most, then answers 503 with their results. */
  push(request: PushRequest, stopAfter?: number): Promise<PushResponse>;
  pull(request: PullRequest): PullResponse;
};

/**
 * One device's connection, as its user. Failures, a held push and live-channel events are scripted per test;
 * every request is recorded.
 */
export function createScriptedTransport(server: ServerSide) {
  const pushes: PushRequest[] = [];
  const pulls: PullRequest[] = [];
  /** Per request, in order: null answers normally, an error fails that request. */
  const script: { push: (SyncTransportError | null)[]; pull: (SyncTransportError | null)[] } = { push: [], pull: [] };
  let failPushAfter: number | undefined;
  let loseNextPushAnswer = false;
  let pushGate: Promise<void> | undefined;
  let live: LiveHandlers | undefined;
  let liveOpenings = 0;

  const transport: SyncTransport = {
    async push(request) {
      pushes.push(structuredClone(request));
      if (pushGate) {
        const gate = pushGate;
        pushGate = undefined;
        await gate;
      }
      const failure = script.push.shift();
      if (failure) throw failure;
      const stopAfter = failPushAfter;
      failPushAfter = undefined;
      const response = await server.push(request, stopAfter);
      if (loseNextPushAnswer) {
        loseNextPushAnswer = false;
        throw new SyncTransportError('network', 'The connection dropped before the answer arrived');
      }
      return structuredClone(response);
    },
    async pull(request) {
      pulls.push(structuredClone(request));
      await Promise.resolve();
      const failure = script.pull.shift();
      if (failure) throw failure;
      return structuredClone(server.pull(request));
    },
    openLive(handlers) {
      liveOpenings += 1;
      live = handlers;
      return () => {
        if (live === handlers) live = undefined;
      };
    },
  };

  return {
    ...transport,
    pushes,
    pulls,
    /** Fails one request of this kind, after `afterSuccesses` that answer normally. */
    failNext(operation: 'push' | 'pull', error: SyncTransportError, afterSuccesses = 0): void {
      script[operation].push(...Array<null>(afterSuccesses).fill(null), error);
    },
    /** The next push applies this many mutations and then answers 503 with their results. */
    failNextPushAfter(count: number): void {
      failPushAfter = count;
    },
    /** The next push is applied, but its answer never reaches the device. */
    loseNextPushAnswer(): void {
      loseNextPushAnswer = true;
    },
    /** The next push waits (after being recorded) until `release` is called. */
    holdNextPush(): { release: () => void } {
      let release = () => {};
      pushGate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return { release };
    },
    get liveOpenings() {
      return liveOpenings;
    },
    get liveIsOpen() {
      return live !== undefined;
    },
    openLiveChannel(): void {
      live?.onOpen();
    },
    breakLiveChannel(): void {
      live?.onError();
    },
    sendHeartbeat(): void {
      live?.onHeartbeat();
    },
    poke(poke: Poke): void {
      live?.onPoke(poke);
    },
  };
}

export type ScriptedTransport = ReturnType<typeof createScriptedTransport>;
