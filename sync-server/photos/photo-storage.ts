import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** Bytes asked for: `start` to `end`, both included (an HTTP Range). */
export type ByteRange = { start: number; end: number };

/** An object's bytes (or the range asked for) as a stream, and how many of them the stream holds. */
export type StoredBytes = { stream: Readable; byteSize: number };

/**
 * Where photo bytes live (docs/decisions/0017-photos.md): one small interface, two real backends. Keys are paths
 * made by photo-files.ts (`originals/<sha256>`, `display/<sha256>-thumb.webp`…), never anything a client sent.
 */
export type PhotoStorage = {
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Stores the file at `path` (a finished temporary file) under `key`. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  putBuffer(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or the range of them; null when there is none. One request to the store either way. */
  read(key: string, range?: ByteRange): Promise<StoredBytes | null>;
  delete(key: string): Promise<void>;
};

/** The default: files under `DATA_DIR/photos`, written whole then renamed, so a reader never sees half a file. */
export function diskPhotoStorage(root: string): PhotoStorage {
  const pathOf = (key: string) => join(root, key);
  async function place(key: string, write: (temporary: string) => Promise<void>) {
    const target = pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.part`;
    await write(temporary);
    await rename(temporary, target);
  }
  return {
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    putFile: (key, path) => place(key, (temporary) => copyFile(path, temporary)),
    putBuffer: (key, bytes) => place(key, (temporary) => writeFile(temporary, bytes)),
    async read(key, range) {
      const size = await this.size(key);
      if (size === null) return null;
      return {
        stream: createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {}),
        byteSize: range ? range.end - range.start + 1 : size,
      };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export type S3Settings = {
  bucket: string;
  region: string;
  /** For stores other than AWS (R2, B2, Garage, Ceph, MinIO): their address. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (`endpoint/bucket/key`), which most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Keys are put under this prefix, so one bucket can hold several things. */
  prefix: string;
};

/**
 * S3-compatible object storage, for several server instances sharing photos. Checksums only when the operation
 * needs them: the SDK's default adds ones that stores other than AWS refuse.
 */
export function s3PhotoStorage(settings: S3Settings, client?: S3Client): PhotoStorage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${key}`;
  const isMissing = (error: unknown) =>
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  return {
    async size(key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async putBuffer(key, bytes, contentType) {
      await s3.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType }));
    },
    async read(key, range) {
      try {
        const object = await s3.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const stream = object.Body as Readable | undefined;
        return stream ? { stream, byteSize: object.ContentLength ?? 0 } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
