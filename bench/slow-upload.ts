/**
 * A photo on a weak signal (docs/decisions/0035-uploads-in-parts.md): a 10 MB photo sent by the
 * device's own steps (`pwa/sync/upload-in-parts.ts`) at 100 KB/s, its connection cut once mid-way. It must
 * complete; the figure is the bytes sent in all beside the file's size (the baseline: what a perfect line sends).
 * Before parts, the same photo was one 100 s request, cut at the server's 30 s request timeout every time.
 * `node --import tsx bench/slow-upload.ts [--kbps 100]`
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { limits } from '../schema/index.ts';
import { sendInParts } from '../pwa/sync/upload-in-parts.ts';
import { nodeUploadTransport } from '../sync-server/testing/node-upload-transport.ts';
import { benchApi } from './support/api-setup.ts';
import { startBenchApp } from './support/bench-app.ts';

const { values } = parseArgs({ options: { kbps: { type: 'string', default: '100' } } });
const bytesPerSecond = Number(values.kbps) * 1024;

/** A camera-like JPEG of just under 10 MB: noise compresses about as badly as a real scene. */
async function tenMegabytePhoto(): Promise<Buffer> {
  const jpeg = await sharp({
    create: {
      ...{ width: 4000, height: 3000, channels: 3, background: '#a07050' },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  // Bytes after the JPEG's end, which decoders ignore, bring it to 10 MB less 1 KB.
  const target = limits.photoMaxBytes - 1024;
  if (jpeg.length > target) throw new Error(`the photo came out at ${jpeg.length} bytes, over the limit`);
  return Buffer.concat([jpeg, Buffer.alloc(target - jpeg.length)]);
}

const bench = await startBenchApp();
const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
const api = benchApi(address);
const person = await api.signUp('slowline');
const family = await fetch(`${address}/api/families`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: person.cookie },
  body: JSON.stringify({ name: 'Bench family' }),
});
const { id: familyId } = (await family.json()) as { id: string };

const photo = await tenMegabytePhoto();
console.log(`A ${(photo.length / 1024 / 1024).toFixed(2)} MB photo at ${values.kbps} KB/s, cut once half-way:`);
const { transport, sentInAll } = nodeUploadTransport(address, person.cookie, {
  bytesPerSecond,
  cutAfterBytes: Math.floor(photo.length / 2),
});
const file = { photoId: randomUUID(), familyId, file: new Blob([new Uint8Array(photo)]) };
const started = performance.now();
const tries: string[] = [];
for (let attempt = 0; attempt < 5; attempt += 1) {
  const outcome = await sendInParts(transport, file, () => {});
  tries.push(outcome.kind);
  if (outcome.kind !== 'retry') break;
  // As the uploader does after a failed try (pwa/sync/photo-uploader.ts): a first wait of 2 s.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}
const seconds = (performance.now() - started) / 1000;
const sent = sentInAll();
console.log(`  tries: ${tries.join(', ')} (${tries.at(-1) === 'stored' ? 'completed' : 'DID NOT COMPLETE'})`);
const lineSeconds = photo.length / bytesPerSecond;
console.log(`  took ${seconds.toFixed(0)} s (${lineSeconds.toFixed(0)} s at the line's speed alone)`);
console.log(
  `  bytes sent in all ${sent.toLocaleString('en')} beside the file's ${photo.length.toLocaleString('en')} ` +
    `(${(((sent - photo.length) / photo.length) * 100).toFixed(2)} % more)`,
);
await bench.close();
