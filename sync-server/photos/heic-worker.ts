import { parentPort } from 'node:worker_threads';
import decodeHeic from 'heic-decode';

/**
 * Decodes one HEIC picture at a time to RGBA pixels, in WebAssembly (libheif with libde265), away from the server's
 * event loop: sharp's prebuilt libvips has no HEVC decoder, and a 12-megapixel iPhone photo takes seconds of CPU.
 */
parentPort?.on('message', async (bytes: Uint8Array) => {
  try {
    const { width, height, data } = await decodeHeic({ buffer: bytes });
    parentPort?.postMessage({ width, height, data }, [data.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ error: String(error) });
  }
});
