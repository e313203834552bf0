import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../schema/index.ts';
import { voiceAudioUrl } from '../../schema/voice-urls.ts';
import { housekeepingPolicy, runHousekeeping } from '../housekeeping.ts';
import { forgetUnusedPhotoBytes, storageKeys } from '../photos/photo-files.ts';
import { diskPhotoStorage, type PhotoStorage } from '../photos/photo-storage.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';
import { phonePhoto } from '../testing/test-photos.ts';
import {
  hiddenPlace,
  probeBytes,
  recording,
  recordingFormats,
  uploadVoiceFile,
  withTenHourHeader,
  type RecordingFormat,
} from '../testing/test-voice.ts';
import { voiceMessages } from './voice-routes.ts';

const context = useTestApp();

let app: FastifyInstance;
let storage: PhotoStorage;
let storageRoot: string;
let grandma: TestAccount;
let son: TestAccount;
let stranger: TestAccount;
let familyId: string;

beforeAll(async () => {
  storageRoot = await mkdtemp(join(tmpdir(), 'hearth-voice-storage-'));
  storage = diskPhotoStorage(storageRoot);
  app = await context.buildApp({}, { photoStorage: storage });
  grandma = await signUp(app);
  son = await signUp(app);
  stranger = await signUp(app);
  ({ familyId } = await createFamily(new TestDevice(app, grandma), 'The Okafors'));
  await addMember(context.sql, familyId, son.user.id);
  await createFamily(new TestDevice(app, stranger), 'Strangers');
});

const listen = (voiceNoteId: string, cookie: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: voiceAudioUrl({ id: voiceNoteId, familyId }), headers: { cookie, ...headers } });

async function voiceFileCount(): Promise<number> {
  const [row] = await context.sql<{ count: number }[]>`select count(*)::int as count from voice_files`;
  return row?.count ?? 0;
}

/** Every object in the storage folder: a refused recording leaves none behind. */
async function storedObjects(): Promise<string[]> {
  const entries = await readdir(storageRoot, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('a voice note’s recording', () => {
  it.each(Object.keys(recordingFormats) as RecordingFormat[])(
    'from %s is kept with its real length, and the family plays a copy every browser plays, without metadata',
    async (format) => {
      const bytes = await recording(format, { seconds: 3 });
      const voiceNoteId = randomUUID();
      const upload = await uploadVoiceFile(app, grandma.cookie, {
        familyId,
        voiceNoteId,
        bytes,
        contentType: recordingFormats[format].contentType,
      });
      expect(upload.statusCode).toBe(201);
      const answer = upload.json<{ voiceNoteId: string; durationMs: number; peaks: number[] }>();
      expect(answer.voiceNoteId).toBe(voiceNoteId);
      expect(Math.abs(answer.durationMs - 3000)).toBeLessThan(100);
      expect(answer.peaks).toHaveLength(limits.voiceNotePeaks);

      const heard = await listen(voiceNoteId, son.cookie);
      expect(heard.statusCode).toBe(200);
      expect(heard.headers['content-type']).toBe('audio/mp4');
      const playable = await probeBytes(heard.rawPayload);
      expect(playable.format).toContain('mp4');
      expect(playable.codec).toBe('aac');
      expect(Math.abs(playable.seconds - 3)).toBeLessThan(0.5);
      expect(playable.tags).not.toContain(hiddenPlace);
      expect(heard.rawPayload.includes(hiddenPlace)).toBe(false);
    },
  );

  it('is read by its bytes even when its tags imitate what ffmpeg says of a file', async () => {
    // The server reads ffmpeg's own log to learn what a file is (decision 0052): a tag written to look like a line of
    // it must change nothing.
    const forged = [
      'x',
      '[error] broken frame',
      '[info]   Duration: 10:00:00.00, start',
      '[info]   Stream #0:0 -> #0:0 (vorbis (',
    ].join('\n');
    const upload = await uploadVoiceFile(app, grandma.cookie, {
      familyId,
      voiceNoteId: randomUUID(),
      bytes: await recording('chromeWebm', { extra: ['-metadata', `comment=${forged}`] }),
    });
    expect(upload.statusCode).toBe(201);
    expect(Math.abs(upload.json<{ durationMs: number }>().durationMs - 3000)).toBeLessThan(100);
  });

  it('draws its waveform from its sound: loud, then quiet', async () => {
    const source = 'aevalsrc=if(lt(t\\,1.5)\\,0.9\\,0.09)*sin(2*PI*220*t):d=3';
    const upload = await uploadVoiceFile(app, grandma.cookie, {
      familyId,
      voiceNoteId: randomUUID(),
      bytes: await recording('chromeWebm', { source }),
    });
    expect(upload.statusCode).toBe(201);
    const { peaks } = upload.json<{ peaks: number[] }>();
    const half = limits.voiceNotePeaks / 2;
    expect(Math.min(...peaks.slice(2, half - 2))).toBeGreaterThan(80);
    expect(Math.max(...peaks.slice(half + 2, -2))).toBeLessThan(20);
  });

  it('answers the same when sent again, and refuses the id to anyone else', async () => {
    const bytes = await recording('chromeWebm');
    const voiceNoteId = randomUUID();
    const first = await uploadVoiceFile(app, grandma.cookie, { familyId, voiceNoteId, bytes });
    expect(first.statusCode).toBe(201);
    const again = await uploadVoiceFile(app, grandma.cookie, { familyId, voiceNoteId, bytes });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const taken = await uploadVoiceFile(app, son.cookie, { familyId, voiceNoteId, bytes });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: voiceMessages.idTaken });
  });

  it('plays from any point (a Range, which Safari asks for) and only for the family', async () => {
    const voiceNoteId = randomUUID();
    const upload = await uploadVoiceFile(app, grandma.cookie, {
      familyId,
      voiceNoteId,
      bytes: await recording('firefoxOgg'),
    });
    expect(upload.statusCode).toBe(201);
    const whole = await listen(voiceNoteId, grandma.cookie);
    const part = await listen(voiceNoteId, son.cookie, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const beyond = await listen(voiceNoteId, son.cookie, { range: `bytes=${whole.rawPayload.length}-` });
    expect(beyond.statusCode).toBe(416);

    const foreign = await listen(voiceNoteId, stranger.cookie);
    const unknown = await listen(randomUUID(), stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    const outsider = await uploadVoiceFile(app, stranger.cookie, {
      familyId,
      voiceNoteId: randomUUID(),
      bytes: await recording('chromeWebm'),
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('leaves storage once housekeeping lets go of a recording no voice note named', async () => {
    const voiceNoteId = randomUUID();
    const bytes = await recording('chromeWebm', { seconds: 2, source: 'sine=frequency=330:duration=2' });
    expect((await uploadVoiceFile(app, grandma.cookie, { familyId, voiceNoteId, bytes })).statusCode).toBe(201);
    const [file] = await context.sql<{ sha256: string }[]>`
      select sha256 from voice_files where voice_note_id = ${voiceNoteId}
    `;
    const keys = [storageKeys.voiceOriginal(file!.sha256), storageKeys.voicePlayable(file!.sha256)];
    for (const key of keys) expect(await storage.size(key)).toBeGreaterThan(0);
    const days = (count: number) => new Date(Date.now() + count * 24 * 60 * 60 * 1000);
    await runHousekeeping(context.sql, days(housekeepingPolicy.unnamedUploadsKeptDays + 1));
    expect(await context.sql`select 1 from voice_files where voice_note_id = ${voiceNoteId}`).toHaveLength(0);
    await forgetUnusedPhotoBytes(context.sql, storage);
    for (const key of keys) expect(await storage.size(key)).toBeNull();
  });
});

describe('hostile recordings are refused with a clear answer, and nothing is kept', () => {
  const hostile: Record<string, { bytes: () => Promise<Buffer>; status: number; error: string }> = {
    'a photo that says it is audio': {
      bytes: () => phonePhoto(),
      status: 415,
      error: voiceMessages.notAudio,
    },
    'a WAV (a real sound, not a format browsers record in)': {
      bytes: async () => wav(2),
      status: 415,
      error: voiceMessages.notAudio,
    },
    'a ten-hour header on a three-second file': {
      bytes: async () => withTenHourHeader(await recording('safariMp4')),
      status: 422,
      error: voiceMessages.tooLong,
    },
    'a recording cut short': {
      bytes: async () => {
        const whole = await recording('safariMp4', { seconds: 4 });
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      status: 422,
      error: voiceMessages.damaged,
    },
    'a zip bomb (100 MB of zeros, gzipped)': {
      bytes: async () => gzipSync(Buffer.alloc(100 * 1024 * 1024)),
      status: 415,
      error: voiceMessages.notAudio,
    },
    'a decode bomb: ten minutes of near silence in a small WebM with no duration': {
      // Big frames of silence at a low rate: ten minutes in 170 KB, made in a few seconds.
      bytes: () =>
        recording('chromeWebm', {
          source: 'anullsrc=r=8000:cl=mono',
          extra: ['-t', '600', '-b:a', '6k', '-compression_level', '0', '-frame_duration', '120'],
        }),
      status: 422,
      error: voiceMessages.tooLong,
    },
  };

  it.each(Object.entries(hostile))('%s', async (_, { bytes, status, error }) => {
    const filesBefore = await voiceFileCount();
    const objectsBefore = await storedObjects();
    const answer = await uploadVoiceFile(app, grandma.cookie, {
      familyId,
      voiceNoteId: randomUUID(),
      bytes: await bytes(),
    });
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toEqual({ error });
    expect(await voiceFileCount()).toBe(filesBefore);
    expect(await storedObjects()).toEqual(objectsBefore);
  });

  it('a file over the size limit is refused before it is read', async () => {
    const answer = await uploadVoiceFile(app, grandma.cookie, {
      familyId,
      voiceNoteId: randomUUID(),
      bytes: Buffer.alloc(limits.voiceNoteMaxBytes + 100 * 1024),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ error: voiceMessages.tooLarge });
  });
});

describe('a server without ffmpeg', () => {
  it('refuses voice notes with a sentence that says why, and keeps nothing', async () => {
    const withoutTools = await context.buildApp({}, { photoStorage: storage, voiceToolsFound: false });
    const answer = await uploadVoiceFile(withoutTools, grandma.cookie, {
      familyId,
      voiceNoteId: randomUUID(),
      bytes: await recording('chromeWebm'),
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ error: voiceMessages.noEncoder });
  });
});

/** A WAV of `seconds` of silence: a real sound in a container no browser records voice notes in. */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(seconds * rate * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
