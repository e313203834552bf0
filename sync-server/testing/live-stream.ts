import { liveChannelPath } from '../../schema/index.ts';

/** One server-sent event block: `event:`/`data:` fields, or a `:` comment. */
export type LiveEvent = { event?: string; data?: string; comment?: string };

/** Reads one block of the stream (the text between two blank lines). */
export function parseLiveEvent(block: string): LiveEvent {
  const event: LiveEvent = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) event.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) event.event = line.slice('event: '.length);
    else if (line.startsWith('data: ')) event.data = line.slice('data: '.length);
  }
  return event;
}

export type LiveStream = Awaited<ReturnType<typeof openLiveStream>>;

/** Opens the live channel with fetch, as a browser would, and collects its events as they arrive. */
export async function openLiveStream(baseUrl: string, cookie: string, path = liveChannelPath) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie }, signal: controller.signal });
  const events: LiveEvent[] = [];
  let ended = false;
  let wake: () => void = () => {};

  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body ?? []) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          events.push(parseLiveEvent(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        wake();
      }
    } catch {
      // Aborted by the test, or the server went away: either way the stream has ended.
    } finally {
      ended = true;
      wake();
    }
  })();

  return {
    response,
    get ended() {
      return ended;
    },
    /** The first event not taken yet that matches, dropping those before it; fails after `timeoutMs`. */
    async next(matches: (event: LiveEvent) => boolean = () => true, timeoutMs = 1000): Promise<LiveEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex(matches);
        if (index !== -1) return events.splice(0, index + 1).at(-1)!;
        const left = deadline - Date.now();
        if (ended || left <= 0) throw new Error(`no matching event within ${timeoutMs} ms (ended: ${ended})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    /** The next event, whatever it is, other than heartbeats and comments. */
    nextEvent(timeoutMs = 1000): Promise<LiveEvent> {
      return this.next((event) => event.comment === undefined && event.event !== 'heartbeat', timeoutMs);
    },
    /** Resolves once the stream has ended (the server closed it), or fails after `timeoutMs`. */
    async waitForEnd(timeoutMs = 1000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        if (Date.now() > deadline) throw new Error(`the stream did not end within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close(): void {
      controller.abort();
    },
  };
}

export function isPoke(familyId: string) {
  return (event: LiveEvent) =>
    event.event === 'poke' && event.data !== undefined && JSON.parse(event.data).familyId === familyId;
}
