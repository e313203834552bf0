import { Worker } from 'node:worker_threads';

export type RgbaPixels = { width: number; height: number; data: Uint8ClampedArray };

/** A worker with nothing to do for this long is ended: its WebAssembly memory (hundreds of MB after a large photo) goes with it. */
const idleMilliseconds = 30_000;

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  const started = new Worker(new URL('./heic-worker.ts', import.meta.url));
  started.unref();
  started.on('exit', () => {
    if (worker === started) worker = null;
  });
  return started;
}

function decodeInWorker(bytes: Uint8Array): Promise<RgbaPixels> {
  clearTimeout(idleTimer);
  const current = (worker ??= startWorker());
  return new Promise<RgbaPixels>((resolve, reject) => {
    const settle = () => {
      current.off('message', onMessage);
      current.off('error', onError);
      current.off('exit', onExit);
    };
    const onMessage = (answer: RgbaPixels | { error: string }) => {
      settle();
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onExit = () => {
      settle();
      reject(new Error('the HEIC decoder stopped'));
    };
    current.on('message', onMessage);
    current.on('error', onError);
    current.on('exit', onExit);
    current.postMessage(bytes);
  }).finally(() => {
    idleTimer = setTimeout(() => void worker?.terminate(), idleMilliseconds);
    idleTimer.unref();
  });
}

/**
 * The pixels of a HEIC picture whose compression sharp's libvips cannot decode (HEVC: most iPhone photos), one
 * picture at a time in a worker thread, so many iPhone uploads at once neither block the server nor multiply its memory.
 */
export function heicPixels(bytes: Uint8Array): Promise<RgbaPixels> {
  const next = queue.then(() => decodeInWorker(bytes));
  queue = next.catch(() => undefined);
  return next;
}
