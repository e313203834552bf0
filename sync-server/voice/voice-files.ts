import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Sql, Transaction } from '../database.ts';
import { receiveToTemporaryFile, storageKeys, type TemporaryFile } from '../photos/photo-files.ts';
import { createImageQueue } from '../photos/photo-images.ts';
import type { ByteRange, PhotoStorage, StoredBytes } from '../photos/photo-storage.ts';
import { createPhotoBytesRepository } from '../repositories/photo-bytes-repository.ts';
import type { VoiceFile } from '../repositories/voice-file-repository.ts';
import { audioToolsFound, encodeVoiceNote, playableContentType, type InspectedAudio } from './voice-audio.ts';

/** A voice note's upload, checked and made playable: its original and its playable copy in temporary files. */
export type ReceivedVoice = TemporaryFile & InspectedAudio & { playablePath: string; playableByteSize: number };

/**
 * A voice note's bytes (docs/decisions/0052-voice-notes.md): received to a temporary file like a photo's, checked
 * and encoded by ffmpeg through one bounded pool (at most `concurrency` at once, the others wait their turn, as the
 * photo pool does, decision 0034), and kept in the photo storage, the original beside the copy every browser plays.
 */
export function createVoiceFiles(
  storage: PhotoStorage,
  sql: Sql,
  { concurrency = 2, toolsFound }: { concurrency?: number; toolsFound?: boolean } = {},
) {
  // Every ffmpeg weighs one: the pool counts processes, not pixels.
  const pool = createImageQueue({ jobs: concurrency, pixels: concurrency });

  return {
    /** Whether this server can take voice notes: without ffmpeg they are refused, and its start said why. */
    available: toolsFound ?? audioToolsFound(),

    /** The upload's bytes, checked to be a recording Hearth takes and its playable copy made (`AudioRefused`). */
    async receive(incoming: Readable, truncated: () => boolean): Promise<ReceivedVoice | 'tooLarge'> {
      const received = await receiveToTemporaryFile(incoming, truncated);
      if (received === 'tooLarge') return received;
      const playablePath = `${received.path}.m4a`;
      try {
        const audio = await pool(1, () => encodeVoiceNote(received.path, playablePath));
        return {
          ...received,
          ...audio,
          playablePath,
          playableByteSize: (await stat(playablePath)).size,
        };
      } catch (error) {
        await Promise.all([rm(received.path, { force: true }), rm(playablePath, { force: true })]);
        throw error;
      }
    },

    /**
     * Keeps a received voice note: in one transaction holding its bytes, the record `record` writes (false: the id
     * was taken, nothing kept), then the original and the playable copy unless they are there already.
     */
    async store(received: ReceivedVoice, record: (tx: Transaction) => Promise<boolean>): Promise<boolean> {
      try {
        return await sql.begin(async (tx) => {
          await createPhotoBytesRepository(tx).hold(received.sha256);
          if (!(await record(tx))) return false;
          const original = storageKeys.voiceOriginal(received.sha256);
          const playable = storageKeys.voicePlayable(received.sha256);
          if ((await storage.size(original)) === null) {
            await storage.putFile(original, received.path, received.contentType);
          }
          if ((await storage.size(playable)) === null) {
            await storage.putFile(playable, received.playablePath, playableContentType);
          }
          return true;
        });
      } finally {
        await Promise.all([rm(received.path, { force: true }), rm(received.playablePath, { force: true })]);
      }
    },

    /** The copy every browser plays, or the range of it asked for. */
    playable(file: VoiceFile, range?: ByteRange): Promise<StoredBytes | null> {
      return storage.read(storageKeys.voicePlayable(file.sha256), range);
    },
  };
}

export type VoiceFiles = ReturnType<typeof createVoiceFiles>;
