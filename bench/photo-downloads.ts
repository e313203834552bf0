/**
 * Photos other members download (item 4; docs/decisions/0034-what-others-get-of-a-photo.md): the server
 * process's memory above its own idle, measured in the same run, while four people download at once the original
 * of a photo someone else uploaded. Goal: at most 300 MB above idle.
 * 1. An 80 MP WebP whose copy for others was made after its upload (the usual case): downloads only stream.
 * 2. The same with the copy gone (a photo from before copies were kept): made once for all four.
 * 3. Four different large photos (three 80 MP WebPs and a 265-byte JPEG claiming 8000 × 8000), no copies made:
 *    made in the pool, which weighs them in pixels.
 * `node --import tsx bench/photo-downloads.ts`
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { eightyMegapixelWebp, jpegHeaderBomb } from '../sync-server/testing/test-photos.ts';
import { benchApi } from './support/api-setup.ts';
import { startBenchServerProcess } from './support/bench-server-process.ts';

const dataDir = join(tmpdir(), `hearth-bench-downloads-${randomUUID()}`);
const { server, address, memory: serverMemory, samplePeak } = await startBenchServerProcess({ DATA_DIR: dataDir });
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
await new Promise((resolve) => setTimeout(resolve, 1_000));
/** Before any photo: what the rounds' idle has grown from (memory a process has used is seldom given back). */
const fresh = await serverMemory();

const api = benchApi(address);
const uploader = await api.signUp('uploader');
const downloaders = await Promise.all([1, 2, 3, 4].map((index) => api.signUp(`downloader${index}`)));
const family = await fetch(`${address}/api/families`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: uploader.cookie },
  body: JSON.stringify({ name: 'Bench family' }),
});
const { id: familyId } = (await family.json()) as { id: string };
for (const downloader of downloaders) await api.join(uploader, downloader, familyId);

/** Uploads and names a photo as the uploader's device does; answers its id. */
async function upload(bytes: Buffer): Promise<string> {
  const photoId = randomUUID();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'photo');
  const stored = await fetch(`${address}/api/families/${familyId}/photos/${photoId}/file`, {
    method: 'POST',
    headers: { cookie: uploader.cookie },
    body: form,
  });
  if (stored.status !== 201) throw new Error(`upload refused: ${stored.status} ${await stored.text()}`);
  const named = await fetch(`${address}/api/families/${familyId}/photos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: uploader.cookie },
    body: JSON.stringify({ title: 'Bench', imageUrl: `/api/photos/${photoId}/preview` }),
  });
  if (named.status !== 201) throw new Error(`naming refused: ${named.status} ${await named.text()}`);
  return photoId;
}

/** A download of the original by another member: its size in pixels and how long it took. */
async function download(photoId: string, cookie: string) {
  const started = performance.now();
  const answer = await fetch(`${address}/api/photos/${photoId}/original`, { headers: { cookie } });
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (answer.status !== 200) throw new Error(`download refused: ${answer.status}`);
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  return { pixels: width * height, seconds: (performance.now() - started) / 1000 };
}

/** Four downloads at once, one per person: the server's peak memory above its idle just before. */
async function round(label: string, photoIds: string[]) {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idle = await serverMemory();
  const sampler = samplePeak(idle);
  const results = await Promise.all(downloaders.map((person, index) => download(photoIds[index]!, person.cookie)));
  const peak = sampler.stop();
  const pixels = results.map((result) => (result.pixels / 1e6).toFixed(1)).join(', ');
  const slowest = Math.max(...results.map((result) => result.seconds));
  console.log(`\n${label}`);
  console.log(`  copies of ${pixels} MP, all four in ${slowest.toFixed(1)} s`);
  console.log(
    `  server at rest ${megabytes(idle)}, at its peak ${megabytes(peak)}: ${megabytes(peak - idle)} above idle ` +
      `(goal ≤ 300 MB); ${megabytes(peak - fresh)} above the server before any photo (${megabytes(fresh)})`,
  );
}

const forgetCopies = () => rm(join(dataDir, 'photos', 'others'), { recursive: true, force: true });

console.log('Making 80 MP WebPs...');
const webp = await eightyMegapixelWebp();
/** The same picture under another SHA-256: bytes after the WebP's end, which decoders ignore. */
const distinct = (index: number) => Buffer.concat([webp, Buffer.from(`hearth-bench-${index}`)]);
const first = await upload(distinct(0));
// Its copy is made after the upload's answer: one download waits for it if it is not there yet.
await download(first, downloaders[0]!.cookie);
await round('1. Four people download an 80 MP photo at once, its copy made after the upload', [
  first,
  first,
  first,
  first,
]);

await forgetCopies();
await round('2. The same, its copy gone: made once for all four', [first, first, first, first]);

const others = [
  await upload(distinct(1)),
  await upload(distinct(2)),
  await upload(distinct(3)),
  await upload(await jpegHeaderBomb()),
];
// Let the uploads' own work finish, then take the copies away so that the downloads make them.
for (const photoId of others) await download(photoId, downloaders[0]!.cookie);
await forgetCopies();
await round('3. Four people each download a different large photo at once, no copies made yet', others);

server.kill('SIGTERM');
await rm(dataDir, { recursive: true, force: true });
