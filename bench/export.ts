/**
 * Download My Data for a heavy user: 1,000 posts and 500 photos of 8 MB each, built by the same code the
 * job queue runs, timed, with the process's peak resident memory sampled every 20 ms. The baseline, in the same
 * run, is the floor for the same bytes: reading the 500 originals from storage into one file with plain streams.
 * On the PostgreSQL named by DATABASE_URL when set, else the embedded PGlite; photos on disk under a temporary folder.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { buildNextExport, exportKey, requestExport } from '../sync-server/exports/data-exports.ts';
import { storageKeys } from '../sync-server/photos/photo-files.ts';
import { diskPhotoStorage } from '../sync-server/photos/photo-storage.ts';
import { signUp } from '../sync-server/testing/test-app.ts';
import { createFamily, TestDevice, type NamedMutation } from '../sync-server/testing/test-device.ts';
import { uploadPhotoFile } from '../sync-server/testing/test-photos.ts';
import { startBenchApp } from './support/bench-app.ts';

const posts = 1_000;
const photos = 500;
const photoBytes = 8 * 1024 * 1024;

/** A camera-sized JPEG of about 8 MB: noise does not compress, so its size is set by its pixels. */
async function eightMegabytePhoto(): Promise<Buffer> {
  let side = 2200;
  for (;;) {
    const bytes = await sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (bytes.length >= photoBytes * 0.95) return bytes;
    side = Math.ceil(side * Math.sqrt(photoBytes / bytes.length));
  }
}

/** Runs `work`, sampling resident memory; answers its time and the peak above what the process held before. */
async function measured(work: () => Promise<unknown>): Promise<{ seconds: number; peakMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, peakMb: (peak - before) / 1024 / 1024 };
}

const dataDir = await mkdtemp(join(tmpdir(), 'hearth-bench-export-'));
const server = await startBenchApp({ env: { DATA_DIR: dataDir } });
const storage = diskPhotoStorage(join(dataDir, 'photos'));
try {
  const person = await signUp(server.app);
  const device = new TestDevice(server.app, person);
  const { familyId } = await createFamily(device, 'The Archivists');
  for (let sent = 0; sent < posts; sent += 100) {
    await device.send(
      ...Array.from({ length: 100 }, (_, index): NamedMutation => ({
        name: 'post.create',
        args: { postId: randomUUID(), familyId, content: `Post ${sent + index}: a day at the seaside with everyone.` },
      })),
    );
  }
  const bytes = await eightMegabytePhoto();
  const photoIds: string[] = [];
  for (let index = 0; index < photos; index += 1) {
    const photoId = randomUUID();
    const upload = await uploadPhotoFile(server.app, person.cookie, { familyId, photoId, bytes });
    if (upload.statusCode >= 300) throw new Error(`upload ${index}: ${upload.statusCode} ${upload.body}`);
    photoIds.push(photoId);
  }
  for (let sent = 0; sent < photos; sent += 100) {
    await device.send(
      ...photoIds.slice(sent, sent + 100).map((photoId): NamedMutation => ({
        name: 'photo.create',
        args: { photoId, familyId, albumId: null, title: null, description: null },
      })),
    );
  }
  const [file] = await server.sql<{ sha256: string }[]>`select sha256 from photo_files limit 1`;

  const baselinePath = join(dataDir, 'baseline.bin');
  const baseline = await measured(async () => {
    for (let index = 0; index < photos; index += 1) {
      const stored = await storage.read(storageKeys.original(file!.sha256));
      await pipeline(stored!.stream, createWriteStream(baselinePath, { flags: 'a' }));
    }
  });
  const baselineSize = (await stat(baselinePath)).size;
  await rm(baselinePath);

  const request = await requestExport(server.sql, person.user.id);
  if (!('started' in request)) throw new Error('the export was refused');
  const archive = await measured(() => buildNextExport(server.sql, storage));
  const archiveSize = (await stat(join(dataDir, 'photos', exportKey(request.started.id)))).size;

  const gb = (size: number) => (size / 1024 ** 3).toFixed(2);
  console.log(`Download My Data: ${posts} posts, ${photos} photos of ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
  console.log(
    `  archive:  ${gb(archiveSize)} GB in ${archive.seconds.toFixed(1)} s, peak memory +${archive.peakMb.toFixed(0)} MB`,
  );
  console.log(
    `  baseline: ${gb(baselineSize)} GB of the same originals copied by plain streams in ${baseline.seconds.toFixed(1)} s, peak memory +${baseline.peakMb.toFixed(0)} MB`,
  );
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
