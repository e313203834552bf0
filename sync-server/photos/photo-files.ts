import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Queryable, Sql, Transaction } from '../database.ts';
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
  shared: (sha256: string) => `shared/${sha256}`,
};

/** Every object kept for one set of bytes: what goes from storage when no photo file names them any more. */
function storageKeysOf(sha256: string): string[] {
  return [
    storageKeys.original(sha256),
    storageKeys.display(sha256, 'thumb'),
    storageKeys.display(sha256, 'preview'),
    storageKeys.shared(sha256),
  ];
}

/**
 * Holds the bytes `sha256` for the rest of the transaction: an upload recording a file of them and housekeeping
 * deleting them never interleave, so an upload never names bytes that housekeeping is removing.
 */
async function holdBytes(tx: Queryable, sha256: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`;
}

/**
 * Deletes from storage the bytes that no photo file names any more (noted by a trigger, migration 0009), at most
 * `limit` of them a run. Answers how many it deleted.
 */
export async function forgetUnusedPhotoBytes(sql: Sql, storage: PhotoStorage, limit = 500): Promise<number> {
  const unused = await sql<{ sha256: string }[]>`select sha256 from unused_photo_bytes order by since limit ${limit}`;
  let forgotten = 0;
  for (const { sha256 } of unused) {
    await sql.begin(async (tx) => {
      await holdBytes(tx, sha256);
      const [named] = await tx`select 1 from photo_files where sha256 = ${sha256} limit 1`;
      if (!named) {
        for (const key of storageKeysOf(sha256)) await storage.delete(key);
        forgotten += 1;
      }
      await tx`delete from unused_photo_bytes where sha256 = ${sha256}`;
    });
  }
  return forgotten;
}

export type ReceivedFile = InspectedImage & { path: string; sha256: string; byteSize: number };

/** The request's body ended before the file did, or was not a well-formed upload: the sender is told, nothing kept. */
export class UploadIncomplete extends Error {
  override name = 'UploadIncomplete';
}

/** An error of this machine (a full disk, no permission), as against one of the request's bytes. */
export function isSystemError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown }).syscall === 'string';
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A photo's bytes: received to a temporary file (never held whole in memory) while hashed, checked, stored; display
 * sizes made through one bounded queue, the thumbnail at once (so a damaged file is refused while its sender is
 * still there), the preview after the answer or on first view.
 */
export function createPhotoFiles(storage: PhotoStorage, sql: Sql, { concurrency = 2 } = {}) {
  const queue = createImageQueue(concurrency);
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

  async function ensureDisplay(sha256: string, size: DisplaySize, source?: string): Promise<void> {
    const key = storageKeys.display(sha256, size);
    if ((await storage.size(key)) !== null) return;
    await makeOnce(key, () =>
      queue(async () => {
        const bytes = await makeDisplaySize(source ?? (await readOriginal(sha256)), size);
        await storage.putBuffer(key, bytes, 'image/webp');
      }),
    );
  }

  return {
    /**
     * Writes the incoming stream to a temporary file while hashing it. `truncated()` says whether the stream was cut
     * at the size limit (multipart's `file.truncated`); then nothing is kept.
     */
    async receive(incoming: Readable, truncated: () => boolean): Promise<ReceivedFile | 'tooLarge'> {
      const directory = join(tmpdir(), 'hearth-uploads');
      await mkdir(directory, { recursive: true });
      const path = join(directory, randomUUID());
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
        try {
          await pipeline(incoming, counting, createWriteStream(path));
        } catch (error) {
          const tooLarge = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
          throw tooLarge || isSystemError(error)
            ? error
            : new UploadIncomplete('the upload ended early', { cause: error });
        }
        if (truncated()) {
          await rm(path, { force: true });
          return 'tooLarge';
        }
        const inspected = await inspectImage(path);
        return { ...inspected, path, sha256: hash.digest('hex'), byteSize };
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
    },

    /**
     * Keeps a received file: its thumbnail (made from the whole file, so a damaged one is refused here), then, in one
     * transaction holding its bytes, the record `record` writes (false: the id was taken, nothing kept) and the
     * original unless the family has it already.
     */
    async store(received: ReceivedFile, record: (tx: Transaction) => Promise<boolean>): Promise<boolean> {
      try {
        await ensureDisplay(received.sha256, 'thumb', received.path);
        return await sql.begin(async (tx) => {
          await holdBytes(tx, received.sha256);
          if (!(await record(tx))) return false;
          const key = storageKeys.original(received.sha256);
          if ((await storage.size(key)) === null) await storage.putFile(key, received.path, received.contentType);
          return true;
        });
      } finally {
        await rm(received.path, { force: true });
      }
    },

    /** After the answer: the preview, so the first person to open the photo does not wait for it. */
    prepareViewing(sha256: string): void {
      ensureDisplay(sha256, 'preview').catch(() => {
        // Made again on first view, where a failure is answered to someone.
      });
    },

    /** A display size: one read from the store when it is there (nearly always), made first when it is not. */
    async display(file: PhotoFile, size: DisplaySize): Promise<StoredBytes | null> {
      const key = storageKeys.display(file.sha256, size);
      const stored = await storage.read(key);
      if (stored) return stored;
      await ensureDisplay(file.sha256, size);
      return storage.read(key);
    },

    /** The uploader's own bytes, exactly as sent. */
    original(file: PhotoFile, range?: ByteRange): Promise<StoredBytes | null> {
      return storage.read(storageKeys.original(file.sha256), range);
    },

    /** The original as another member gets it (in `sharedContentType`): without location or other metadata. */
    async shared(file: PhotoFile): Promise<StoredBytes | null> {
      const key = storageKeys.shared(file.sha256);
      const stored = await storage.read(key);
      if (stored) return stored;
      await makeOnce(key, async () => {
        const bytes = await queue(async () => makeSharedOriginal(await readOriginal(file.sha256), file.contentType));
        await storage.putBuffer(key, bytes, sharedContentType(file.contentType));
      });
      return storage.read(key);
    },
  };
}

export type PhotoFiles = ReturnType<typeof createPhotoFiles>;
