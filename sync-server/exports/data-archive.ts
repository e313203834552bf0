import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Sql } from '../database.ts';
import { storageKeys } from '../photos/photo-files.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { readArchiveData, type ArchiveData } from '../repositories/archive-repository.ts';
import { archiveIndexHtml } from './archive-index.ts';

/** The JSON files, one per kind, as they are in the archive's `data/` folder. */
function jsonFiles(data: ArchiveData): [string, unknown][] {
  const { settings, ...rest } = data;
  const { user_id: _userId, ...settingsWithoutId } = (settings ?? {}) as Record<string, unknown>;
  return Object.entries({ ...rest, settings: settingsWithoutId }).map(([kind, value]) => [`data/${kind}.json`, value]);
}

/**
 * Builds the archive as a ZIP in a temporary file, streaming each photo's and voice note's files from storage as they
 * are written (stored, not recompressed: JPEGs and audio do not shrink), so memory holds one chunk of one file at a
 * time whatever the total; then puts it in storage under `key`. `onProgress` hears the share of bytes done, 0 to 1.
 */
export async function writeDataArchive(
  sql: Sql,
  storage: PhotoStorage,
  { userId, key, onProgress }: { userId: string; key: string; onProgress: (done: number) => Promise<void> },
): Promise<{ byteSize: number }> {
  const data = await readArchiveData(sql, userId);
  const directory = await mkdtemp(join(tmpdir(), 'hearth-export-'));
  const path = join(directory, 'archive.zip');
  try {
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(path));
    zip.addBuffer(Buffer.from(archiveIndexHtml(data)), 'index.html');
    for (const [file, value] of jsonFiles(data)) zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), file);

    // Photos' originals, and voice notes' originals beside the copies every browser plays (decision 0052).
    const files = [
      ...data.photos.map((photo) => ({
        name: photo.file,
        key: storageKeys.original(photo.sha256),
        byteSize: photo.byteSize,
        mtime: photo.createdAt,
      })),
      ...data.voiceNotes.flatMap((note) => [
        {
          name: note.file,
          key: storageKeys.voiceOriginal(note.sha256),
          byteSize: note.byteSize,
          mtime: note.createdAt,
        },
        {
          name: note.playableFile,
          key: storageKeys.voicePlayable(note.sha256),
          byteSize: note.playableByteSize,
          mtime: note.createdAt,
        },
      ]),
    ];
    const totalBytes = files.reduce((sum, file) => sum + file.byteSize, 0) || 1;
    let doneBytes = 0;
    let reported = 0;
    for (const file of files) {
      // Opened only when the ZIP reaches it: one file's stream at a time.
      zip.addReadStreamLazy(file.name, { compress: false, mtime: file.mtime }, (callback) => {
        storage.read(file.key).then(
          (stored) => {
            if (!stored) return callback(new Error(`${file.name} is missing from storage`), undefined as never);
            stored.stream.on('end', () => {
              doneBytes += file.byteSize;
              const done = doneBytes / totalBytes;
              if (done - reported >= 0.05) {
                reported = done;
                void onProgress(done).catch(() => {});
              }
            });
            callback(null, stored.stream);
          },
          (error: Error) => callback(error, undefined as never),
        );
      });
    }
    zip.end();
    await written;
    await storage.putFile(key, path, 'application/zip');
    return { byteSize: (await stat(path)).size };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
