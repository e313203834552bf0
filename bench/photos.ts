/**
 * Photos, two figures beside baselines measured in the same run:
 * 1. Photos per second for 12-megapixel JPEGs turned into Hearth's display sizes (480 px and 2048 px WebP) on this
 *    machine, through Hearth's own path (hash, type by the bytes, thumbnail checked whole, original and preview
 *    stored), beside bare sharp making the same two sizes with the same concurrency. Goal: at least 0.8 of bare sharp.
 * 2. The server's peak memory (its own process, apart from the uploading clients) while 10 people upload 10 photos of
 *    about 8 MB each at once, over HTTP, beside its memory at rest. Goal: at most 300 MB above idle.
 * `node --import tsx bench/photos.ts [--photos 12]`
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createImageQueue, displaySizes } from '../sync-server/photos/photo-images.ts';
import { createPhotoFiles } from '../sync-server/photos/photo-files.ts';
import { diskPhotoStorage } from '../sync-server/photos/photo-storage.ts';
import { connect } from '../sync-server/database.ts';
import { createTestDatabase } from '../sync-server/testing/test-database.ts';
import type { PhotoFile } from '../sync-server/repositories/photo-repository.ts';
import { peopleWithFamilies, startBenchServerProcess } from './support/bench-server-process.ts';

const { values } = parseArgs({ options: { photos: { type: 'string', default: '12' } } });
const photoCount = Number(values.photos);
const concurrency = 2;

/** A camera-like JPEG: noise compresses about as badly as a real scene, so sizes and decode times are honest. */
async function cameraJpeg(
  width: number,
  height: number,
  { quality, sharpness }: { quality: number; sharpness: number },
) {
  return sharp({
    create: { width, height, channels: 3, background: '#a07050', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .blur(sharpness)
    .jpeg({ quality })
    .toBuffer();
}

/** The same picture under another SHA-256: bytes after the JPEG's end, which every decoder ignores. */
function distinct(jpeg: Buffer, index: number): Buffer {
  return Buffer.concat([jpeg, Buffer.from(`hearth-bench-${index}`)]);
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

console.log(`Making ${photoCount} 12-megapixel JPEGs...`);
const twelveMegapixels = await cameraJpeg(4000, 3000, { quality: 90, sharpness: 1.2 });
const photos = Array.from({ length: photoCount }, (_, index) => distinct(twelveMegapixels, index));
console.log(`  each ${(twelveMegapixels.length / 1024 / 1024).toFixed(1)} MB`);

// 1. Throughput.
const bareQueue = createImageQueue({ jobs: concurrency, pixels: Number.POSITIVE_INFINITY });
const bareSeconds = await timed(() =>
  Promise.all(
    photos.map((photo) =>
      bareQueue(0, async () => {
        for (const { longestSide, quality } of Object.values(displaySizes)) {
          await sharp(photo)
            .rotate()
            .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true })
            .webp({ quality })
            .toBuffer();
        }
      }),
    ),
  ),
);

// Storing holds the bytes under a PostgreSQL advisory lock (photo-files.ts): a database, with no tables needed.
const lockDatabase = await createTestDatabase();
const lockSql = connect(lockDatabase.url, lockDatabase.poolMax);
const files = createPhotoFiles(diskPhotoStorage(await mkdtemp(join(tmpdir(), 'hearth-bench-photos-'))), lockSql, {
  concurrency,
});
const hearthSeconds = await timed(() =>
  Promise.all(
    photos.map(async (photo, index) => {
      const received = await files.receive(Readable.from(photo), () => false);
      if (received === 'tooLarge') throw new Error('refused as too large');
      await files.store(received, async () => true);
      const file: PhotoFile = {
        photoId: `bench-${index}`,
        familyId: 'bench',
        uploadedById: 'bench',
        sha256: received.sha256,
        byteSize: received.byteSize,
        contentType: received.contentType,
        width: received.width,
        height: received.height,
      };
      const preview = await files.display(file, 'preview');
      preview?.stream.resume();
    }),
  ),
);
await lockSql.end();
await lockDatabase.close();
const bareRate = photoCount / bareSeconds;
const hearthRate = photoCount / hearthSeconds;
console.log(`\nDisplay sizes for ${photoCount} photos of 12 MP, ${concurrency} at a time:`);
console.log(`  bare sharp (resize and encode only)   ${bareRate.toFixed(2)} photos/s`);
console.log(`  Hearth (hash, type, check, store)     ${hearthRate.toFixed(2)} photos/s`);
console.log(`  ratio ${(hearthRate / bareRate).toFixed(2)} (goal ≥ 0.80)`);

// 2. Memory under ten people uploading at once.
const people = 10;
const perPerson = 10;
console.log(`\nMaking ${perPerson} JPEGs of about 8 MB...`);
const eightMegabytes = await cameraJpeg(4000, 3000, { quality: 92, sharpness: 0.45 });
console.log(`  each ${(eightMegabytes.length / 1024 / 1024).toFixed(1)} MB`);
const { server, address, memory: serverMemory, samplePeak } = await startBenchServerProcess();
const accounts = await peopleWithFamilies(address, people, 'photos');

await new Promise((resolve) => setTimeout(resolve, 500));
const idle = await serverMemory();
const sampler = samplePeak(idle);
let refused = 0;
const uploadSeconds = await timed(() =>
  Promise.all(
    accounts.map(async ({ cookie, familyId }, person) => {
      for (let index = 0; index < perPerson; index += 1) {
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array(distinct(eightMegabytes, person * perPerson + index))], { type: 'image/jpeg' }),
          'photo.jpg',
        );
        const answer = await fetch(`${address}/api/families/${familyId}/photos/${crypto.randomUUID()}/file`, {
          method: 'POST',
          headers: { cookie },
          body: form,
        });
        if (answer.status !== 201) refused += 1;
        await answer.arrayBuffer();
      }
    }),
  ),
);
const peak = sampler.stop();
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `\n${people} people uploading ${perPerson} photos of 8 MB each at once (${people * perPerson} uploads, ${refused} refused):`,
);
console.log(
  `  took ${uploadSeconds.toFixed(1)} s; server process at rest ${megabytes(idle)}, at its peak ${megabytes(peak)}`,
);
console.log(`  ${megabytes(peak - idle)} above idle (goal ≤ 300 MB)`);

// 3. From a photo's last byte to its thumbnail: the upload is answered only once the thumbnail is stored, so the
// answer's time on loopback is that span (plus a few ms of transfer). Another member's screen then hears of it as of
// any write (the live poke, a pull: bench/push-throughput.ts) and fetches the thumbnail.
const fiveMegabytes = await cameraJpeg(4000, 3000, { quality: 85, sharpness: 0.45 });
const spans: number[] = [];
for (let round = 0; round < 7; round += 1) {
  const { cookie, familyId } = accounts[0]!;
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(distinct(fiveMegabytes, 1000 + round))], { type: 'image/jpeg' }),
    'p.jpg',
  );
  const started = performance.now();
  const answer = await fetch(`${address}/api/families/${familyId}/photos/${crypto.randomUUID()}/file`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  await answer.arrayBuffer();
  if (answer.status !== 201) throw new Error(`upload refused: ${answer.status}`);
  spans.push(performance.now() - started);
}
spans.sort((a, b) => a - b);
console.log(
  `\nA ${(fiveMegabytes.length / 1024 / 1024).toFixed(1)} MB photo (12 MP), sent alone 7 times: ` +
    `answered with its thumbnail stored in ${spans[3]!.toFixed(0)} ms (median; ${spans[0]!.toFixed(0)}–${spans[6]!.toFixed(0)})`,
);
server.kill('SIGTERM');
