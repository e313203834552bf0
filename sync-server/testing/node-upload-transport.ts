import { request as httpRequest } from 'node:http';
import type { Exchange, UploadTransport } from '../../pwa/sync/upload-in-parts.ts';

/**
 * The device's upload steps over Node's HTTP, as a phone on a weak signal sends them: parts written `bytesPerSecond`
 * at most, and the connection cut once after `cutAfterBytes` bytes in all. Counts every byte of parts it sent.
 */
export function nodeUploadTransport(
  base: string,
  cookie: string,
  { bytesPerSecond = Number.POSITIVE_INFINITY, cutAfterBytes = Number.POSITIVE_INFINITY } = {},
) {
  let sent = 0;
  let cutAt = cutAfterBytes;
  const slice = Number.isFinite(bytesPerSecond) ? Math.max(1024, Math.floor(bytesPerSecond / 20)) : 64 * 1024;
  const paceMs = Number.isFinite(bytesPerSecond) ? (slice / bytesPerSecond) * 1000 : 0;

  function answerOf(response: import('node:http').IncomingMessage): Promise<Exchange> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => resolve(null));
      response.on('end', () => {
        let body: unknown = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // No JSON body.
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
  }

  const transport: UploadTransport = {
    async ask(url) {
      try {
        const answer = await fetch(`${base}${url}`, { headers: { cookie, accept: 'application/json' } });
        return { status: answer.status, body: await answer.json().catch(() => null) };
      } catch {
        return null;
      }
    },
    async sendPart(url, part, headers, onSent) {
      const bytes = Buffer.from(await part.arrayBuffer());
      return new Promise<Exchange>((resolve) => {
        const request = httpRequest(`${base}${url}`, {
          method: 'PATCH',
          headers: {
            cookie,
            accept: 'application/json',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(bytes.length),
            ...headers,
          },
        });
        let settled = false;
        const settle = (exchange: Exchange) => {
          if (!settled) resolve(exchange);
          settled = true;
        };
        request.on('response', (response) => void answerOf(response).then(settle));
        request.on('error', () => settle(null));
        void (async () => {
          for (let at = 0; at < bytes.length && !settled; at += slice) {
            const chunk = bytes.subarray(at, Math.min(at + slice, bytes.length, at + (cutAt - sent)));
            await new Promise<void>((written) => request.write(chunk, () => written()));
            sent += chunk.length;
            onSent(at + chunk.length);
            if (sent >= cutAt) {
              cutAt = Number.POSITIVE_INFINITY;
              request.destroy();
              settle(null);
              return;
            }
            if (paceMs > 0) await new Promise((next) => setTimeout(next, paceMs));
          }
          request.end();
        })();
      });
    },
  };
  return { transport, sentInAll: () => sent };
}
