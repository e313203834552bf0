/**
 * Voice notes (docs/decisions/0052-voice-notes.md), figures beside baselines measured in the same run:
 * 1. Encoding time per minute of audio through Hearth's own path (hash, one bounded ffmpeg pass checking the file
 *    and making the playable copy and the waveform, original and copy stored) beside bare ffmpeg making the same AAC
 *    copy of the same files with the same concurrency, in rounds that alternate which goes first. Goal: Hearth at least 0.8 of bare ffmpeg's speed.
 * 2. Bytes stored per minute of audio: the original as Chrome records it and the playable copy.
 * 3. The server's peak memory (its own process) while 10 people send a voice note each at once, over HTTP, beside
 *    its memory at rest.
 * `node --import tsx bench/voice.ts [--notes 6] [--minutes 1] [--rounds 5]`
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify, parseArgs } from 'node:util';
import { connect } from '../sync-server/database.ts';
import { createImageQueue } from '../sync-server/photos/photo-images.ts';
import { diskPhotoStorage } from '../sync-server/photos/photo-storage.ts';
import { createTestDatabase } from '../sync-server/testing/test-database.ts';
import { recording } from '../sync-server/testing/test-voice.ts';
import { createVoiceFiles } from '../sync-server/voice/voice-files.ts';
import { peopleWithFamilies, startBenchServerProcess } from './support/bench-server-process.ts';
import { median } from './support/figures.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    notes: { type: 'string', default: '6' },
    minutes: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '5' },
  },
});
const noteCount = Number(values.notes);
const minutes = Number(values.minutes);
const rounds = Number(values.rounds);
const concurrency = 2;

/** Speech-like sound: pink noise rising and falling three times a second, different for each `seed`. */
function speechLike(seed: number, seconds: number): Promise<Buffer> {
  return recording('chromeWebm', {
    source: `anoisesrc=d=${seconds}:c=pink:a=0.4:seed=${seed},tremolo=f=3:d=0.9`,
    extra: ['-b:a', '64k'],
  });
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

console.log(`Making ${noteCount} voice notes of ${minutes} min (Chrome's WebM, Opus 64 kbit/s)...`);
const notes = await Promise.all(Array.from({ length: noteCount }, (_, index) => speechLike(index + 1, minutes * 60)));
const audioMinutes = noteCount * minutes;

// 1. Bare ffmpeg: the same playable copy of the same files, nothing else.
const folder = await mkdtemp(join(tmpdir(), 'hearth-bench-voice-'));
const paths = await Promise.all(
  notes.map(async (note, index) => {
    const path = join(folder, `note-${index}.webm`);
    await writeFile(path, note);
    return path;
  }),
);
const bareQueue = createImageQueue({ jobs: concurrency, pixels: concurrency });
const bareRound = () =>
  timed(() =>
    Promise.all(
      paths.map((path) =>
        bareQueue(
          1,
          () =>
          run('ffmpeg', [
            '-v', 'error', '-y', '-i', path, '-map_metadata', '-1', '-ac', '1', '-c:a', 'aac', '-b:a', '48k',
            '-movflags', '+faststart', `${path}.m4a`,
          ]), // prettier-ignore
        ),
      ),
    ),
  );

// Hearth's path; storing holds the bytes under a PostgreSQL advisory lock, so a database, with no tables needed.
const lockDatabase = await createTestDatabase();
const lockSql = connect(lockDatabase.url, lockDatabase.poolMax);
const files = createVoiceFiles(diskPhotoStorage(join(folder, 'storage')), lockSql, { concurrency });
let originalBytes = 0;
let playableBytes = 0;
const hearthRound = () => {
  originalBytes = 0;
  playableBytes = 0;
  return timed(() =>
    Promise.all(
      notes.map(async (note) => {
        const received = await files.receive(Readable.from(note), () => false);
        if (received === 'tooLarge') throw new Error('refused as too large');
        originalBytes += received.byteSize;
        playableBytes += received.playableByteSize;
        await files.store(received, async () => true);
      }),
    ),
  );
};

// Rounds alternate which side goes first, so neither always meets the machine warmer or busier.
const ratios: number[] = [];
const perMinute = (seconds: number) => `${(seconds / audioMinutes).toFixed(2)} s`;
console.log(
  `\nPlayable copies of ${audioMinutes} min of audio in ${noteCount} notes, ${concurrency} at a time, per minute:`,
);
for (let round = 1; round <= rounds; round += 1) {
  const load = loadavg()[0]!.toFixed(1);
  let bareSeconds: number;
  let hearthSeconds: number;
  if (round % 2 === 1) {
    bareSeconds = await bareRound();
    hearthSeconds = await hearthRound();
  } else {
    hearthSeconds = await hearthRound();
    bareSeconds = await bareRound();
  }
  ratios.push(bareSeconds / hearthSeconds);
  console.log(
    `  round ${round} (load ${load}): bare ffmpeg (AAC copy only) ${perMinute(bareSeconds)}, Hearth (check, copy, ` +
      `length, waveform, store) ${perMinute(hearthSeconds)}, speed ratio ${ratios.at(-1)!.toFixed(2)}`,
  );
}
await lockSql.end();
await lockDatabase.close();
await rm(folder, { recursive: true, force: true });
console.log(
  `  speed ratio, median of ${rounds}: ${median(ratios).toFixed(2)} of bare ffmpeg ` +
    `(spread ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; goal ≥ 0.80)`,
);
const kilobytesPerMinute = (bytes: number) => `${(bytes / audioMinutes / 1024).toFixed(0)} KB`;
console.log(
  `\nStored per minute of audio: original ${kilobytesPerMinute(originalBytes)}, playable copy ` +
    `${kilobytesPerMinute(playableBytes)}, together ${kilobytesPerMinute(originalBytes + playableBytes)}`,
);

// 3. Memory while ten people send a voice note each at once.
const people = 10;
const { server, address, memory: serverMemory, samplePeak } = await startBenchServerProcess();
const accounts = await peopleWithFamilies(address, people, 'voice');
const arriving = await Promise.all(accounts.map((_, index) => speechLike(100 + index, minutes * 60)));
await new Promise((resolve) => setTimeout(resolve, 500));
const idle = await serverMemory();
const sampler = samplePeak(idle);
let refused = 0;
const arrivalSeconds = await timed(() =>
  Promise.all(
    accounts.map(async ({ cookie, familyId }, person) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(arriving[person]!)], { type: 'audio/webm' }), 'voice-note');
      const answer = await fetch(`${address}/api/families/${familyId}/voice-notes/${crypto.randomUUID()}/file`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      if (answer.status !== 201) refused += 1;
      await answer.arrayBuffer();
    }),
  ),
);
const peak = sampler.stop();
server.kill('SIGTERM');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(`\n${people} people sending a ${minutes} min voice note each at once (${refused} refused):`);
console.log(
  `  all answered in ${arrivalSeconds.toFixed(1)} s; server process at rest ${megabytes(idle)}, ` +
    `at its peak ${megabytes(peak)} (${megabytes(peak - idle)} above idle; ffmpeg runs in its own processes)`,
);
