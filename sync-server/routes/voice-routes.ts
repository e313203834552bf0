import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, limits, uploadedVoiceNoteSchema } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { isSystemError, UploadIncomplete } from '../photos/photo-files.ts';
import { apiError, errorResponses, fileContent, noContent } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createVoiceFileRepository, type VoiceFile } from '../repositories/voice-file-repository.ts';
import { AudioRefused, playableContentType, type AudioProblem } from '../voice/voice-audio.ts';
import type { ReceivedVoice, VoiceFiles } from '../voice/voice-files.ts';
import { parseRange } from './support/byte-ranges.ts';
import { requireMembership } from './support/family-access.ts';

const maxMinutes = limits.voiceNoteMaxMs / 60_000;
const maxMegabytes = limits.voiceNoteMaxBytes / 1024 / 1024;

/** What a person is told about a recording Hearth will not keep; the recorder shows it as it is. */
export const voiceMessages: Record<
  AudioProblem | 'tooLarge' | 'noFile' | 'idTaken' | 'incomplete' | 'noEncoder',
  string
> = {
  notAudio: 'This file is not a voice recording Hearth can play. Record it again in Hearth.',
  damaged: 'This recording seems damaged or incomplete. Please record it again.',
  tooLong: `A voice note can be at most ${maxMinutes} minutes long.`,
  tooLarge: `A voice note can be at most ${maxMegabytes} MB.`,
  noFile: 'Record a voice note to send.',
  idTaken: 'This voice note was already saved as something else.',
  incomplete: 'The voice note arrived incomplete. Please try again.',
  noEncoder: 'This Hearth server cannot take voice notes yet. Its owner needs to install ffmpeg.',
};

const statusOfProblem: Record<AudioProblem, number> = {
  notAudio: 415,
  damaged: 422,
  tooLong: 422,
};

const uploadParamsSchema = z.strictObject({ id, voiceNoteId: id });

const schemas = {
  upload: {
    summary: 'The recording of one voice note, under the id the device made for it (decision 0052)',
    description:
      `A \`multipart/form-data\` body with one file part, at most ${maxMegabytes} MB and ${maxMinutes} minutes; ` +
      'what it is is decided by its bytes (WebM, MP4 or Ogg with Opus, MP4 with AAC). Its length and waveform ' +
      'are read from its sound, and a copy every browser plays is made. Sent again after a lost answer, it ' +
      'answers 200 with the same voice note.',
    params: uploadParamsSchema,
    response: {
      200: uploadedVoiceNoteSchema.describe('Stored before, by this person: the same answer again'),
      201: uploadedVoiceNoteSchema.describe('Stored, its playable copy made'),
      ...errorResponses(400, 401, 404),
      409: apiError('The id is another upload’s'),
      413: apiError('The file is over the size limit'),
      415: apiError('Not a voice recording Hearth can play'),
      422: apiError('The recording is damaged, cut short, or too long'),
      503: apiError('This server has no ffmpeg, so it takes no voice notes'),
    },
  },
  audio: {
    summary: 'A voice note’s sound, as every browser plays it (AAC in MP4)',
    description:
      'For members of its family. Kept by the browser for a year (the bytes under an address never change); it ' +
      'supports one `Range`, which Safari asks for before it plays.',
    params: z.strictObject({ id, voiceNoteId: id }),
    response: {
      200: fileContent('The sound', playableContentType),
      206: fileContent('The range asked for', playableContentType),
      ...errorResponses(400, 401, 404),
      416: noContent('The range is outside the file (`Content-Range` says its size)'),
    },
  },
};

/** A multipart body's boundaries and part headers around the file: more than that over the limit is refused unread. */
const multipartAllowance = 64 * 1024;

/** A voice note's sound never changes under its address: kept for a year, by this browser only. */
const cacheForever = 'private, max-age=31536000, immutable';

export const voiceRoutes: FastifyPluginAsyncZod<{
  sql: Sql;
  voiceFiles: VoiceFiles;
}> = async (app, { sql, voiceFiles }) => {
  const families = createFamilyRepository(sql);
  const voiceNotes = createVoiceFileRepository(sql);
  const notFound = () => new HttpError(404, { error: serverMessages.notFound });

  /** A recording refused for what it is: the person's sentence and the status for it; anything else as it was. */
  function refusalOf(error: unknown): unknown {
    if (error instanceof AudioRefused) {
      return new HttpError(statusOfProblem[error.problem], {
        error: voiceMessages[error.problem],
      });
    }
    if (error instanceof UploadIncomplete) return new HttpError(400, { error: voiceMessages.incomplete });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return new HttpError(413, { error: voiceMessages.tooLarge });
    }
    return error;
  }

  /** Answered from the declared size before a byte is read, and the connection closed (as photo uploads do). */
  function tooLarge(reply: FastifyReply): HttpError {
    reply.header('connection', 'close');
    return new HttpError(413, { error: voiceMessages.tooLarge });
  }

  /** The file of `voiceNoteId`, stored before: the same answer again to its uploader; anyone else is refused. */
  function storedBefore(existing: VoiceFile, userId: string, familyId: string) {
    if (existing.uploadedById !== userId || existing.familyId !== familyId) {
      throw new HttpError(409, { error: voiceMessages.idTaken });
    }
    return {
      voiceNoteId: existing.voiceNoteId,
      durationMs: existing.durationMs,
      peaks: existing.peaks,
    };
  }

  async function keep(received: ReceivedVoice, voiceNoteId: string, familyId: string, userId: string) {
    const file: VoiceFile = {
      voiceNoteId,
      familyId,
      uploadedById: userId,
      sha256: received.sha256,
      byteSize: received.byteSize,
      contentType: received.contentType,
      durationMs: received.durationMs,
      peaks: received.peaks,
      playableByteSize: received.playableByteSize,
    };
    if (!(await voiceFiles.store(received, (tx) => createVoiceFileRepository(tx).addFile(file)))) {
      // Sent twice at once: the other request stored it first; it is this person's only if the ids agree.
      const winner = await voiceNotes.findFile(voiceNoteId, familyId);
      if (!winner) throw new HttpError(409, { error: voiceMessages.idTaken });
      return storedBefore(winner, userId, familyId);
    }
    return { voiceNoteId, durationMs: file.durationMs, peaks: file.peaks };
  }

  /**
   * The upload of one voice note's recording, under the id the device made for it: repeated after a lost answer, it
   * answers the same. Streamed to a temporary file, then checked and encoded by ffmpeg before anything is kept.
   */
  app.post(
    '/api/families/:id/voice-notes/:voiceNoteId/file',
    {
      preValidation: app.requireUser,
      config: { uploads: true },
      schema: schemas.upload,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId, voiceNoteId } = request.params;
      if (Number(request.headers['content-length'] ?? 0) > limits.voiceNoteMaxBytes + multipartAllowance) {
        throw tooLarge(reply);
      }
      await requireMembership(families, familyId, user.id);
      const existing = await voiceNotes.findFile(voiceNoteId, familyId);
      if (existing) return reply.code(200).send(storedBefore(existing, user.id, familyId));
      if (!voiceFiles.available) {
        request.log.warn('a voice note was refused: ffmpeg is not installed on this server');
        throw new HttpError(503, { error: voiceMessages.noEncoder });
      }
      const part = await request.file({ limits: { fileSize: limits.voiceNoteMaxBytes } }).catch((error: unknown) => {
        // A body that is not a well-formed multipart upload: the sender's bytes, not this server's trouble.
        throw isSystemError(error) ? error : new HttpError(400, { error: voiceMessages.incomplete });
      });
      if (!part) throw new HttpError(400, { error: voiceMessages.noFile });
      let received;
      try {
        received = await voiceFiles.receive(part.file, () => part.file.truncated);
      } catch (error) {
        throw refusalOf(error);
      }
      if (received === 'tooLarge') throw new HttpError(413, { error: voiceMessages.tooLarge });
      return reply.code(201).send(await keep(received, voiceNoteId, familyId, user.id));
    },
  );

  /** The playable copy, for members of the voice note's family; anyone else gets what an unknown id gets. */
  app.get(
    '/api/families/:id/voice-notes/:voiceNoteId/audio',
    { preValidation: app.requireUser, schema: schemas.audio },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId, voiceNoteId } = request.params;
      await requireMembership(families, familyId, user.id);
      const file = await voiceNotes.findFile(voiceNoteId, familyId);
      if (!file) throw notFound();
      const size = file.playableByteSize;
      const range = parseRange(request.headers.range, size);
      reply
        .type(playableContentType)
        .header('cache-control', cacheForever)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff');
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send(undefined);
      const stored = await voiceFiles.playable(file, range ?? undefined);
      if (!stored) throw notFound();
      reply.header('content-length', stored.byteSize);
      if (!range) return reply.send(stored.stream);
      return reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).send(stored.stream);
    },
  );
};
