import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { limits } from '../../schema/index.ts';
import type { Sql, Transaction } from '../database.ts';
import { createPhotoBytesRepository } from '../repositories/photo-bytes-repository.ts';
import type { PhotoFile } from '../repositories/photo-repository.ts';
import {
  createImageQueue,
  inspectImage,
  makeDisplaySize,
  makeSharedOriginal,
  sharedContentType,
  type DisplaySize,
  type InspectedImage,
} from './photo-images.ts';
import type { ByteRange, PhotoStorage, StoredBytes } from './photo-storage.ts';

/** Where each kind of bytes is kept: by content, so the same file uploaded twice is stored once. */
export const storageKeys = {
  original: (sha256: string) => `originals/${sha256}`,
  display: (sha256: string, size: DisplaySize) => `display/${sha256}-${size}.webp`,
  /** Another member's copy (photo-images.ts `makeSharedOriginal`). */
  others: (sha256: string) => `others/${sha256}`,
  /** A voice note's file as its author sent it, and the copy every browser plays (voice/voice-files.ts). */
  voiceOriginal: (sha256: string) => `voice/originals/${sha256}`,
  voicePlayable: (sha256: string) => `voice/playable/${sha256}.m4a`,
};

/**
 * Every object kept for one set of bytes: what goes from storage when no photo file or voice file names them any
 * more. A set of bytes is a photo or a sound, never both: the keys of the other kind are simply not there.
 */
function storageKeysOf(sha256: string): string[] {
  return [
    storageKeys.original(sha256),
    storageKeys.display(sha256, 'thumb'),
    storageKeys.display(sha256, 'preview'),
    storageKeys.others(sha256),
    storageKeys.voiceOriginal(sha256),
    storageKeys.voicePlayable(sha256),
    // Copies made before every format was re-encoded (docs/decisions/0034-what-others-get-of-a-photo.md): never
    // served again, deleted with their bytes.
    `shared/${sha256}`,
  ];
}

/**
 * Deletes from storage the bytes that no photo file or voice file names any more (noted by triggers, migrations 0009
 * and 0029), at most `limit` of them a run. Answers how many it deleted.
 */
export async function forgetUnusedPhotoBytes(sql: Sql, storage: PhotoStorage, limit = 500): Promise<number> {
  let forgotten = 0;
  for (const sha256 of await createPhotoBytesRepository(sql).noted(limit)) {
    await sql.begin(async (tx) => {
      const bytes = createPhotoBytesRepository(tx);
      await bytes.hold(sha256);
      if (!(await bytes.named(sha256))) {
        for (const key of storageKeysOf(sha256)) await storage.delete(key);
        forgotten += 1;
      }
      await bytes.forgetNoted(sha256);
    });
  }
  return forgotten;
}

export type ReceivedFile = InspectedImage & { path: string; sha256: string; byteSize: number };

/** What image work needs to know of stored bytes: a received file and a photo file both are one. */
type Image = InspectedImage & { sha256: string };

/**
 * Pixels decoded at once by one process's image work: two 12 MP phone photos side by side, an 80 MP one alone
 * (docs/decisions/0034-what-others-get-of-a-photo.md).
 */
const imagePixelsAtOnce = 40_000_000;

/** The request's body ended before the file did, or was not a well-formed upload: the sender is told, nothing kept. */
export class UploadIncomplete extends Error {
  override name = 'UploadIncomplete';
}

/** An error of this machine (a full disk, no permission), as against one of the request's bytes. */
export function isSystemError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown }).syscall === 'string';
}

/** A part went past its upload's length or the part limit. */
class PartTooLarge extends Error {
  override name = 'PartTooLarge';
}

/** How long bytes of an upload in parts are kept with nothing added: a phone left in a drawer for a week. */
const partsKeptMs = 7 * 24 * 60 * 60 * 1000;

async function temporaryPath(): Promise<string> {
  const directory = join(tmpdir(), 'hearth-uploads');
  await mkdir(directory, { recursive: true });
  return join(directory, randomUUID());
}

async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (found) => found.size,
    () => 0,
  );
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An uploaded file's bytes in a temporary file, never held whole in memory, and what they are by count and hash. */
export type TemporaryFile = { path: string; sha256: string; byteSize: number };

/**
 * Writes the incoming stream to a temporary file while hashing it. `truncated()` says whether the stream was cut at
 * the size limit (multipart's `file.truncated`); then nothing is kept. Photos and voice notes arrive this way.
 */
export async function receiveToTemporaryFile(
  incoming: Readable,
  truncated: () => boolean,
): Promise<TemporaryFile | 'tooLarge'> {
  const path = await temporaryPath();
  const hash = createHash('sha256');
  let byteSize = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      byteSize += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(incoming, counting, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    const tooLarge = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
    throw tooLarge || isSystemError(error) ? error : new UploadIncomplete('the upload ended early', { cause: error });
  }
  if (truncated()) {
    await rm(path, { force: true });
    return 'tooLarge';
  }
  return { path, sha256: hash.digest('hex'), byteSize };
}

/**
 * A photo's bytes: received to a temporary file (never held whole in memory) while hashed, checked, stored; display
 * sizes made through one bounded queue, the thumbnail at once (so a damaged file is refused while its sender is
 * still there), the preview after the answer or on first view.
 */
export function createPhotoFiles(
  storage: PhotoStorage,
  sql: Sql,
  {
    concurrency = 2,
    pixelsAtOnce = imagePixelsAtOnce,
    partsDirectory = join(tmpdir(), 'hearth-upload-parts'),
  }: { concurrency?: number; pixelsAtOnce?: number; partsDirectory?: string } = {},
) {
  const queue = createImageQueue({ jobs: concurrency, pixels: pixelsAtOnce });
  /** Uploads in parts being received now, by key: a newer part of the same upload stops the older one. */
  const receiving = new Map<string, { stop(): Promise<void> }>();
  // Keys are made by the route from ids it validated and a number: never a path of the client's.
  const partPath = (key: string) => join(partsDirectory, `${key}.part`);
  let lastSweep = 0;

  /** Uploads in parts nobody has added to for a week go, looked for at most once an hour. */
  async function forgetAbandonedParts(now = Date.now()): Promise<void> {
    await mkdir(partsDirectory, { recursive: true });
    if (now - lastSweep < 60 * 60 * 1000) return;
    lastSweep = now;
    for (const name of await readdir(partsDirectory)) {
      const path = join(partsDirectory, name);
      const modified = await stat(path).then((found) => found.mtimeMs, () => now);
      if (now - modified > partsKeptMs) await rm(path, { force: true });
    }
  }
  const making = new Map<string, Promise<void>>();

  /** Makes a derived object once, however many requests ask for it at the same moment. */
  function makeOnce(key: string, make: () => Promise<void>): Promise<void> {
    const current = making.get(key);
    if (current) return current;
    const started = make().finally(() => making.delete(key));
    making.set(key, started);
    return started;
  }

  async function readOriginal(sha256: string): Promise<Buffer> {
    const original = await storage.read(storageKeys.original(sha256));
    if (!original) throw new Error(`original ${sha256} is missing from storage`);
    return streamToBuffer(original.stream);
  }

  /** `image`'s pixels weigh in the queue: the source is what is decoded, whatever size is made of it. */
  async function ensureDisplay(image: Image, size: DisplaySize, source?: string): Promise<void> {
    const key = storageKeys.display(image.sha256, size);
    if ((await storage.size(key)) !== null) return;
    await makeOnce(key, () =>
      queue(image.width * image.height, async () => {
        const bytes = await makeDisplaySize(source ?? (await readOriginal(image.sha256)), size);
        await storage.putBuffer(key, bytes, 'image/webp');
      }),
    );
  }

  /** Another member's copy of the original, made once and kept: downloads then only stream it. */
  async function ensureOthersCopy(image: Image): Promise<void> {
    const key = storageKeys.others(image.sha256);
    if ((await storage.size(key)) !== null) return;
    await makeOnce(key, () =>
      queue(image.width * image.height, async () => {
        const bytes = await makeSharedOriginal(await readOriginal(image.sha256), image);
        await storage.putBuffer(key, bytes, sharedContentType(image.contentType));
      }),
    );
  }

  return {
    /** The upload's bytes in a temporary file (`receiveToTemporaryFile`), checked to be an image Hearth shows. */
    async receive(incoming: Readable, truncated: () => boolean): Promise<ReceivedFile | 'tooLarge'> {
      const received = await receiveToTemporaryFile(incoming, truncated);
      if (received === 'tooLarge') return received;
      try {
        return { ...(await inspectImage(received.path)), ...received };
      } catch (error) {
        await rm(received.path, { force: true });
        throw error;
      }
    },

    /**
     * How many bytes of the upload `key` (its person, photo and length) this server holds, sent in parts. The device
     * asks when it goes on after a cut: a part of it still being received is from before the cut, and is ended first.
     */
    async heldOfParts(key: string): Promise<number> {
      await receiving.get(key)?.stop();
      return sizeOf(partPath(key));
    },

    /**
     * One part of an upload sent in parts (docs/decisions/0035-uploads-in-parts.md), starting at byte `offset` of
     * `length`: appended to what is held, and kept as far as it arrived if the request is cut. A part for the same
     * upload arriving while one is still being received takes its place (the device gave up on that one). Answers the
     * bytes now held, `{ held, refused: 'offset' }` when `offset` is not where the held bytes end, `{ refused:
     * 'tooLarge' }` (nothing of the part kept) when the part goes past `length` or the part limit, or the whole file,
     * inspected, once the last byte is in.
     */
    async receivePart(
      key: string,
      incoming: Readable,
      { offset, length }: { offset: number; length: number },
    ): Promise<{ held: number; refused?: 'offset' | 'tooLarge' } | ReceivedFile> {
      const previous = receiving.get(key);
      let finished: Promise<unknown> = Promise.resolve();
      const entry = {
        async stop() {
          incoming.destroy();
          await finished.catch(() => undefined);
        },
      };
      receiving.set(key, entry);
      const done = (async () => {
        await previous?.stop();
        const path = partPath(key);
        const held = await sizeOf(path);
        if (held !== offset) {
          incoming.resume();
          return { held, refused: 'offset' as const };
        }
        if (held === 0) await forgetAbandonedParts();
        const room = Math.min(length - held, limits.photoPartMaxBytes);
        let arrived = 0;
        const bounded = new Transform({
          transform(chunk: Buffer, _encoding, next) {
            arrived += chunk.length;
            next(arrived > room ? new PartTooLarge() : null, chunk);
          },
        });
        try {
          await pipeline(incoming, bounded, createWriteStream(path, { flags: 'a' }));
        } catch (error) {
          if (isSystemError(error)) throw error;
          if (error instanceof PartTooLarge) {
            await truncate(path, held);
            return { held, refused: 'tooLarge' as const };
          }
          // Cut short: what arrived is kept, and the device goes on from there.
          return { held: await sizeOf(path) };
        }
        const now = held + arrived;
        if (now < length) return { held: now };
        // Renamed within its folder (a temporary folder may be another file system): no longer a part to add to.
        const whole = join(partsDirectory, `${randomUUID()}.whole`);
        await rename(path, whole);
        try {
          const sha256 = await sha256Of(whole);
          return { ...(await inspectImage(whole)), path: whole, sha256, byteSize: now };
        } catch (error) {
          await rm(whole, { force: true });
          throw error;
        }
      })();
      finished = done;
      try {
        return await done;
      } finally {
        if (receiving.get(key) === entry) receiving.delete(key);
      }
    },

    /**
     * Keeps a received file: its thumbnail (made from the whole file, so a damaged one is refused here), then, in one
     * transaction holding its bytes, the record `record` writes (false: the id was taken, nothing kept) and the
     * original unless the family has it already.
     */
    async store(received: ReceivedFile, record: (tx: Transaction) => Promise<boolean>): Promise<boolean> {
      try {
        await ensureDisplay(received, 'thumb', received.path);
        return await sql.begin(async (tx) => {
          await createPhotoBytesRepository(tx).hold(received.sha256);
          if (!(await record(tx))) return false;
          const key = storageKeys.original(received.sha256);
          if ((await storage.size(key)) === null) await storage.putFile(key, received.path, received.contentType);
          return true;
        });
      } finally {
        await rm(received.path, { force: true });
      }
    },

    /**
     * After the answer: the preview and another member's copy, so the first person to open or download the photo
     * does not wait for them.
     */
    prepareViewing(image: Image): void {
      Promise.all([ensureDisplay(image, 'preview'), ensureOthersCopy(image)]).catch(() => {
        // Made again on first view, where a failure is answered to someone.
      });
    },

    /** A display size: one read from the store when it is there (nearly always), made first when it is not. */
    async display(file: PhotoFile, size: DisplaySize): Promise<StoredBytes | null> {
      const key = storageKeys.display(file.sha256, size);
      const stored = await storage.read(key);
      if (stored) return stored;
      await ensureDisplay(file, size);
      return storage.read(key);
    },

    /** The uploader's own bytes, exactly as sent. */
    original(file: PhotoFile, range?: ByteRange): Promise<StoredBytes | null> {
      return storage.read(storageKeys.original(file.sha256), range);
    },

    /** The original as another member gets it (in `sharedContentType`): without location or other metadata. */
    async shared(file: PhotoFile): Promise<StoredBytes | null> {
      const key = storageKeys.others(file.sha256);
      const stored = await storage.read(key);
      if (stored) return stored;
      await ensureOthersCopy(file);
      return storage.read(key);
    },
  };
}

export type PhotoFiles = ReturnType<typeof createPhotoFiles>;
