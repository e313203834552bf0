import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { connect as connectTcp } from 'node:net';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../schema/index.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { createFamily, TestDevice } from '../testing/test-device.ts';
import { sendInParts } from '../../pwa/sync/upload-in-parts.ts';
import { nodeUploadTransport } from '../testing/node-upload-transport.ts';
import { uploadMessages } from './photo-routes.ts';

/** Uploads in parts (docs/decisions/0035-uploads-in-parts.md): a cut upload goes on where the server's bytes end. */
const context = useTestApp();
const dataDir = join(tmpdir(), `hearth-parts-${randomUUID()}`);
let app: FastifyInstance;
let grandma: TestAccount;
let familyId: string;
let port: number;

beforeAll(async () => {
  app = await context.buildApp({ dataDir });
  grandma = await signUp(app);
  ({ familyId } = await createFamily(new TestDevice(app, grandma)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  ({ port } = app.server.address() as AddressInfo);
});

/** The bytes the server holds of an upload in parts, on its disk. */
async function partOnDisk(photoId: string, length: number): Promise<number> {
  const path = join(dataDir, 'upload-parts', `${grandma.user.id}-${photoId}-${length}.part`);
  return stat(path).then(
    (found) => found.size,
    () => 0,
  );
}

/** A noisy camera-like JPEG of about 3 MB: several parts. */
function largePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      ...{ width: 2000, height: 1500, channels: 3, background: '#a07050' },
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const uploadUrl = (photoId: string) => `/api/families/${familyId}/photos/${photoId}/upload`;

function held(photoId: string, length: number) {
  return app.inject({
    method: 'GET',
    url: `${uploadUrl(photoId)}?length=${length}`,
    headers: { cookie: grandma.cookie },
  });
}

function sendPart(photoId: string, bytes: Buffer, offset: number, length: number) {
  return app.inject({
    method: 'PATCH',
    url: uploadUrl(photoId),
    headers: {
      cookie: grandma.cookie,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'upload-length': String(length),
    },
    payload: bytes,
  });
}

/**
 * Raw HTTP over a socket: the request's head, then `body`; answers what came back before the connection closed.
 * `cutWhen`: the connection is cut once the body is sent and this is true, as a phone losing its signal.
 */
function rawRequest(head: string, body: Buffer, cutWhen?: () => Promise<boolean>): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connectTcp(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(body, async () => {
        if (!cutWhen) return;
        while (!(await cutWhen())) await new Promise((next) => setTimeout(next, 10));
        socket.destroy();
      });
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
  });
}

describe('photos sent in parts', () => {
  it('goes on after a cut from where the server’s bytes end, sending about the file’s size in all', async () => {
    const photo = await largePhoto();
    const length = photo.length;
    expect(length).toBeGreaterThan(2 * limits.photoPartMaxBytes);
    const photoId = randomUUID();
    let sent = 0;

    expect((await held(photoId, length)).json()).toEqual({ offset: 0 });
    const first = await sendPart(photoId, photo.subarray(0, limits.photoPartMaxBytes), 0, length);
    sent += limits.photoPartMaxBytes;
    expect([first.statusCode, first.json()]).toEqual([200, { offset: limits.photoPartMaxBytes }]);

    // The next part is cut 400 KB in, as a phone's connection drops: what arrived is kept.
    const cutAt = 400 * 1024;
    await rawRequest(
      `PATCH ${uploadUrl(photoId)} HTTP/1.1\r\nHost: localhost\r\nCookie: ${grandma.cookie}\r\n` +
        'Content-Type: application/offset+octet-stream\r\n' +
        `Upload-Offset: ${limits.photoPartMaxBytes}\r\nUpload-Length: ${length}\r\n` +
        `Content-Length: ${limits.photoPartMaxBytes}\r\n\r\n`,
      photo.subarray(limits.photoPartMaxBytes, limits.photoPartMaxBytes + cutAt),
      async () => (await partOnDisk(photoId, length)) === limits.photoPartMaxBytes + cutAt,
    );
    sent += cutAt;

    let offset = (await held(photoId, length)).json<{ offset: number }>().offset;
    expect(offset).toBe(limits.photoPartMaxBytes + cutAt);
    // A part that does not start where the held bytes end is not taken: the answer says where they end.
    const misplaced = await sendPart(photoId, photo.subarray(0, 10), 0, length);
    expect([misplaced.statusCode, misplaced.json()]).toEqual([200, { offset }]);
    sent += 10;

    let answer;
    do {
      const part = photo.subarray(offset, offset + limits.photoPartMaxBytes);
      answer = await sendPart(photoId, part, offset, length);
      sent += part.length;
      if (answer.statusCode === 200) offset = answer.json<{ offset: number }>().offset;
    } while (answer.statusCode === 200);
    expect([answer.statusCode, answer.json()]).toEqual([201, { photoId, width: 2000, height: 1500 }]);
    expect(sent).toBe(length + 10);

    const own = await app.inject({
      method: 'GET',
      url: `/api/photos/${photoId}/original`,
      headers: { cookie: grandma.cookie },
    });
    expect(Buffer.compare(own.rawPayload, photo)).toBe(0);
    // Asked again after a lost answer: all of it is held, and the last part answers the same photo.
    expect((await held(photoId, length)).json()).toEqual({ offset: length });
    const again = await sendPart(photoId, Buffer.alloc(0), length, length);
    expect([again.statusCode, again.json()]).toEqual([200, { photoId, width: 2000, height: 1500 }]);
  }, 90_000);

  it('is what the device does: cut mid-way, asked again, it completes with about the file’s size sent', async () => {
    const photo = await largePhoto();
    const photoId = randomUUID();
    // A second into its second part, so that the server is reading it (bytes that arrive before the server has
    // checked who sent them go with a dropped connection).
    const { transport, sentInAll } = nodeUploadTransport(`http://127.0.0.1:${port}`, grandma.cookie, {
      bytesPerSecond: 1024 * 1024,
      cutAfterBytes: limits.photoPartMaxBytes + 900 * 1024,
    });
    const file = { photoId, familyId, file: new Blob([new Uint8Array(photo)]) };
    const progress: number[] = [];
    expect(await sendInParts(transport, file, (fraction) => progress.push(fraction))).toEqual({ kind: 'retry' });
    expect(await sendInParts(transport, file, (fraction) => progress.push(fraction))).toEqual({ kind: 'stored' });
    expect(sentInAll()).toBeGreaterThanOrEqual(photo.length);
    // What was in flight when the connection was cut is all that is sent twice.
    expect(sentInAll() - photo.length).toBeLessThan(256 * 1024);
    expect(progress.at(-1)).toBe(1);
    const own = await app.inject({
      method: 'GET',
      url: `/api/photos/${photoId}/original`,
      headers: { cookie: grandma.cookie },
    });
    expect(Buffer.compare(own.rawPayload, photo)).toBe(0);
  }, 90_000);

  it('answers 413 from the declared length at once, never reading the body, in parts or in one request', async () => {
    const tooLong = limits.photoMaxBytes * 2;
    const photoId = randomUUID();
    const asked = await held(photoId, tooLong);
    expect([asked.statusCode, asked.json().error]).toEqual([413, uploadMessages.tooLarge]);
    const part = await sendPart(photoId, Buffer.alloc(10), 0, tooLong);
    expect([part.statusCode, part.json().error]).toEqual([413, uploadMessages.tooLarge]);
    const overPart = await sendPart(photoId, Buffer.alloc(limits.photoPartMaxBytes + 1), 0, limits.photoMaxBytes);
    expect(overPart.statusCode).toBe(413);
    expect((await held(photoId, limits.photoMaxBytes)).json()).toEqual({ offset: 0 });

    // 20 MB declared, only the head sent: the answer comes without waiting for the body (it was a 408 at 30 s).
    const answer = await rawRequest(
      `POST /api/families/${familyId}/photos/${photoId}/file HTTP/1.1\r\nHost: localhost\r\n` +
        `Cookie: ${grandma.cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
        `Content-Length: ${tooLong}\r\n\r\n`,
      Buffer.from('--x\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(uploadMessages.tooLarge);
  });
});
