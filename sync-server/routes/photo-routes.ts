import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  albumSchema,
  createAlbumBodySchema,
  createPhotoBodySchema,
  id,
  idParamsSchema,
  limits,
  photoSchema,
  uploadedPhotoSchema,
} from '../../schema/index.ts';
import { photoIdInUrl, photoSizes, type PhotoSize } from '../../schema/photo-urls.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { mutators } from '../mutators/index.ts';
import { ImageRefused, sharedContentType, type ImageProblem } from '../photos/photo-images.ts';
import { isSystemError, UploadIncomplete, type PhotoFiles, type ReceivedFile } from '../photos/photo-files.ts';
import { apiError, errorResponses, fileContent, noContent } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createAlbumRepository } from '../repositories/album-repository.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createPhotoRepository, type PhotoFile } from '../repositories/photo-repository.ts';
import { createSettingsRepository } from '../repositories/settings-repository.ts';
import { attachmentNamed, imageExtension } from './support/attachment.ts';
import { parseRange } from './support/byte-ranges.ts';
import { requireMembership } from './support/family-access.ts';
import { mutationErrors, type MutationRunner } from './support/run-mutation.ts';

/** What a person is told about a file Hearth will not keep; the upload dialog shows it as it is. */
export const uploadMessages: Record<
  ImageProblem | 'tooLarge' | 'noFile' | 'idTaken' | 'notAllowed' | 'incomplete',
  string
> = {
  notAnImage: 'This file is not a photo Hearth can show. Choose a JPEG, PNG, GIF, WebP, AVIF or HEIC image.',
  damaged: 'This photo seems damaged or incomplete. Try saving it again, then choose it once more.',
  tooManyPixels: 'This image is too large in pixels to show. Try a smaller copy of it.',
  cannotDecode: "Hearth couldn't read this HEIC photo. Try sharing it from your phone as a JPEG.",
  tooLarge: `Each photo can be at most ${limits.photoMaxBytes / 1024 / 1024} MB.`,
  noFile: 'Choose a photo to upload.',
  idTaken: 'This photo was already saved as something else.',
  notAllowed: "The person who shared this photo hasn't allowed downloads of the original.",
  incomplete: 'The photo arrived incomplete. Please try again.',
};

const statusOfProblem: Record<ImageProblem, number> = {
  notAnImage: 415,
  damaged: 422,
  tooManyPixels: 422,
  cannotDecode: 422,
};

const uploadParamsSchema = z.strictObject({ id, photoId: id });
const byteCount = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Where an upload in parts stands: `offset` bytes held of it (its length once it is stored). */
const heldSchema = z.object({ offset: z.number().int() });
/** The content type of a part's bytes, as tus names it. */
const partContentType = 'application/offset+octet-stream';
const photoParamsSchema = z.strictObject({ photoId: id, size: z.enum(photoSizes) });
const familyPhotoParamsSchema = z.strictObject({ id, photoId: id, size: z.enum(photoSizes) });

/** What both addresses of a photo's file answer. */
const photoFile = {
  description:
    'Kept by the browser for a year (the bytes under an address never change), with an ETag. The original of ' +
    'someone else’s photo comes only if they allow downloads; it supports one `Range`, and HEAD asks whether ' +
    'it may be downloaded without making the copy.',
  response: {
    200: fileContent('The image', 'image/*'),
    206: fileContent('The range asked for, of the original', 'image/*'),
    304: noContent('Unchanged (If-None-Match)'),
    ...errorResponses(400, 401, 404),
    403: apiError('Its owner does not allow downloads of the original'),
    416: noContent('The range is outside the file (`Content-Range` says its size)'),
  },
};

const schemas = {
  upload: {
    summary: 'The file of one photo, under the id the device made for it (decision 0017)',
    description:
      'A `multipart/form-data` body with one file part, at most ' +
      `${limits.photoMaxBytes / 1024 / 1024} MB; its type is decided by its bytes (JPEG, PNG, GIF, WebP, AVIF, ` +
      'HEIC). Sent again after a lost answer, it answers 200 with the same photo.',
    params: uploadParamsSchema,
    response: {
      200: uploadedPhotoSchema.describe('Stored before, by this person: the same answer again'),
      201: uploadedPhotoSchema.describe('Stored, its thumbnail made'),
      ...errorResponses(400, 401, 404),
      409: apiError('The id is another upload’s'),
      413: apiError('The file is over the size limit'),
      415: apiError('Not an image Hearth can show'),
      422: apiError('The image is damaged, too large in pixels, or cannot be decoded'),
    },
  },
  held: {
    summary: 'How much of a photo’s file sent in parts the server holds (decision 0035)',
    description:
      'The device asks before sending, and again after a part was cut: `offset` is where the next part starts. ' +
      'A `length` over the size limit is answered 413 at once, before any byte is sent.',
    params: uploadParamsSchema,
    querystring: z.strictObject({ length: byteCount.pipe(z.number().min(1)) }),
    response: {
      200: heldSchema.describe('Bytes held; the length when the file is stored'),
      ...errorResponses(400, 401, 404),
      409: apiError('The id is another upload’s'),
      413: apiError('The file is over the size limit'),
    },
  },
  part: {
    summary: 'One part of a photo’s file, sent in parts (decision 0035)',
    description:
      `A body of \`${partContentType}\`, at most ${limits.photoPartMaxBytes / 1024 / 1024} MB, starting at byte ` +
      '`Upload-Offset` of a file of `Upload-Length` bytes. A part cut short keeps what arrived; a part that does ' +
      'not start where the held bytes end is not taken, and the answer says where they do. The last part answers ' +
      'as the one-request upload does.',
    params: uploadParamsSchema,
    headers: z.looseObject({ 'upload-offset': byteCount, 'upload-length': byteCount.pipe(z.number().min(1)) }),
    response: {
      200: z
        .union([heldSchema, uploadedPhotoSchema])
        .describe('Where the next part starts (`offset`); or stored before, by this person: the same answer again'),
      201: uploadedPhotoSchema.describe('The last part: stored, its thumbnail made'),
      ...errorResponses(400, 401, 404),
      409: apiError('The id is another upload’s'),
      413: apiError('The file is over the size limit, or the part over the part limit'),
      415: apiError('Not an image Hearth can show'),
      422: apiError('The image is damaged, too large in pixels, or cannot be decoded'),
    },
  },
  file: {
    summary: 'A photo’s file: a display size (WebP), or the original as uploaded',
    ...photoFile,
    params: photoParamsSchema,
  },
  familyFile: {
    summary: 'A photo’s file, in its family: the address the app uses (decision 0068)',
    ...photoFile,
    params: familyPhotoParamsSchema,
  },
  list: {
    summary: 'The family’s photos, newest first',
    params: idParamsSchema,
    response: { 200: z.array(photoSchema), ...errorResponses(400, 401, 404) },
  },
  create: {
    summary: 'A photo of the family, naming the caller’s own upload by its address',
    params: idParamsSchema,
    body: createPhotoBodySchema,
    response: { 201: photoSchema, ...mutationErrors },
  },
  albums: {
    summary: 'The family’s albums',
    params: idParamsSchema,
    response: { 200: z.array(albumSchema), ...errorResponses(400, 401, 404) },
  },
  createAlbum: {
    summary: 'A new album of the family',
    params: idParamsSchema,
    body: createAlbumBodySchema,
    response: { 201: albumSchema, ...mutationErrors },
  },
};

/** A multipart body's boundaries and part headers around the file: more than that over the limit is refused unread. */
const multipartAllowance = 64 * 1024;

/** Photo bytes never change under an address: kept for a year, by this browser only. */
const cacheForever = 'private, max-age=31536000, immutable';

export const photoRoutes: FastifyPluginAsyncZod<{
  sql: Sql;
  runMutation: MutationRunner;
  photoFiles: PhotoFiles;
}> = async (app, { sql, runMutation, photoFiles }) => {
  const families = createFamilyRepository(sql);
  const photos = createPhotoRepository(sql);
  const albums = createAlbumRepository(sql);
  const settings = createSettingsRepository(sql);
  const notFound = () => new HttpError(404, { error: serverMessages.notFound });

  /** The file of a photo `userId` may fetch (`PhotoRepository.fileVisibleTo`); anyone else gets a 404. */
  async function visibleFile(photoId: string, userId: string, familyId: string | null): Promise<PhotoFile> {
    const file = await photos.fileVisibleTo(photoId, userId, familyId);
    if (!file) throw notFound();
    return file;
  }

  /** An image refused for what it is: the person's sentence and the status for it; anything else as it was. */
  function refusalOf(error: unknown): unknown {
    if (!(error instanceof ImageRefused)) return error;
    return new HttpError(statusOfProblem[error.problem], { error: uploadMessages[error.problem] });
  }

  /**
   * Answered from the declared size, before a byte of the body is read; the connection closes after the answer, so
   * the rest of a 20 MB body is never waited for (it would be a 408 at the request timeout).
   */
  function tooLarge(reply: FastifyReply): HttpError {
    reply.header('connection', 'close');
    return new HttpError(413, { error: uploadMessages.tooLarge });
  }

  /** The file of `photoId`, stored before: the same answer again to its uploader; anyone else is refused. */
  function storedBefore(existing: PhotoFile, userId: string, familyId: string): z.infer<typeof uploadedPhotoSchema> {
    if (existing.uploadedById !== userId || existing.familyId !== familyId) {
      throw new HttpError(409, { error: uploadMessages.idTaken });
    }
    return { photoId: existing.photoId, width: existing.width, height: existing.height };
  }

  /** Keeps a received file as the file of `photoId`, however it came: its answer. */
  async function keep(received: ReceivedFile, photoId: string, familyId: string, userId: string) {
    let added;
    try {
      added = await photoFiles.store(received, (tx) =>
        createPhotoRepository(tx).addFile({
          photoId,
          familyId,
          uploadedById: userId,
          sha256: received.sha256,
          byteSize: received.byteSize,
          contentType: received.contentType,
          width: received.width,
          height: received.height,
        }),
      );
    } catch (error) {
      throw refusalOf(error);
    }
    if (!added) {
      // Sent twice at once: the other request stored it first; it is this person's only if the ids agree.
      const winner = await photos.findFile(photoId, familyId);
      if (!winner) throw new HttpError(409, { error: uploadMessages.idTaken });
      storedBefore(winner, userId, familyId);
    }
    photoFiles.prepareViewing(received);
    return { photoId, width: received.width, height: received.height };
  }

  /**
   * The upload of one photo's file, under the id the device made for the photo: repeated after a lost answer, it
   * answers the same. Multipart, streamed to a temporary file; the type is decided by the bytes.
   */
  app.post(
    '/api/families/:id/photos/:photoId/file',
    { preValidation: app.requireUser, config: { uploads: true }, schema: schemas.upload },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId, photoId } = request.params;
      if (Number(request.headers['content-length'] ?? 0) > limits.photoMaxBytes + multipartAllowance) {
        throw tooLarge(reply);
      }
      await requireMembership(families, familyId, user.id);
      const existing = await photos.findFile(photoId, familyId);
      if (existing) return reply.code(200).send(storedBefore(existing, user.id, familyId));
      const part = await request.file().catch((error: unknown) => {
        // A body that is not a well-formed multipart upload: the sender's bytes, not this server's trouble.
        throw isSystemError(error) ? error : new HttpError(400, { error: uploadMessages.incomplete });
      });
      if (!part) throw new HttpError(400, { error: uploadMessages.noFile });
      let received;
      try {
        received = await photoFiles.receive(part.file, () => part.file.truncated);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, { error: uploadMessages.tooLarge });
        }
        if (error instanceof UploadIncomplete) throw new HttpError(400, { error: uploadMessages.incomplete });
        throw refusalOf(error);
      }
      if (received === 'tooLarge') throw new HttpError(413, { error: uploadMessages.tooLarge });
      return reply.code(201).send(await keep(received, photoId, familyId, user.id));
    },
  );

  // Parts arrive as bytes, read by the route as they come (docs/decisions/0035-uploads-in-parts.md).
  app.addContentTypeParser(partContentType, (_request, payload, done) => done(null, payload));
  /** One upload in parts is one person's file of one length for one photo id. */
  const partKey = (userId: string, photoId: string, length: number) => `${userId}-${photoId}-${length}`;

  app.get(
    '/api/families/:id/photos/:photoId/upload',
    { preValidation: app.requireUser, schema: schemas.held },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId, photoId } = request.params;
      const { length } = request.query;
      if (length > limits.photoMaxBytes) throw tooLarge(reply);
      await requireMembership(families, familyId, user.id);
      const existing = await photos.findFile(photoId, familyId);
      if (existing) {
        storedBefore(existing, user.id, familyId);
        return { offset: length };
      }
      return { offset: await photoFiles.heldOfParts(partKey(user.id, photoId, length)) };
    },
  );

  app.patch(
    '/api/families/:id/photos/:photoId/upload',
    { preValidation: app.requireUser, schema: schemas.part },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId, photoId } = request.params;
      const { 'upload-offset': offset, 'upload-length': length } = request.headers;
      if (!(request.body instanceof Readable)) {
        throw new HttpError(415, { error: `Send the part as ${partContentType}` });
      }
      if (length > limits.photoMaxBytes || Number(request.headers['content-length'] ?? 0) > limits.photoPartMaxBytes) {
        throw tooLarge(reply);
      }
      await requireMembership(families, familyId, user.id);
      const existing = await photos.findFile(photoId, familyId);
      if (existing) return reply.code(200).send(storedBefore(existing, user.id, familyId));
      let part;
      try {
        part = await photoFiles.receivePart(partKey(user.id, photoId, length), request.body, { offset, length });
      } catch (error) {
        throw refusalOf(error);
      }
      if ('path' in part) return reply.code(201).send(await keep(part, photoId, familyId, user.id));
      if (part.refused === 'tooLarge') throw tooLarge(reply);
      return reply.code(200).send({ offset: part.held });
    },
  );

  /**
   * The app's address of a photo's file: in the family it names, so that a database split by family asks one node
   * (decision 0068). A family the person is not in reads like a photo that does not exist.
   */
  app.get(
    '/api/families/:id/photos/:photoId/:size',
    { preValidation: app.requireUser, schema: schemas.familyFile },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId, photoId, size } = request.params;
      return sendPhoto(request, reply, await visibleFile(photoId, user.id, familyId), size);
    },
  );

  /** The spec's address of a photo's file (`imageUrl`), which names the photo alone: found in the person's families. */
  app.get(
    '/api/photos/:photoId/:size',
    { preValidation: app.requireUser, schema: schemas.file },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { photoId, size } = request.params;
      return sendPhoto(request, reply, await visibleFile(photoId, user.id, null), size);
    },
  );

  /** A photo's file in the size asked for, to a person it is visible to. */
  async function sendPhoto(request: FastifyRequest, reply: FastifyReply, file: PhotoFile, size: PhotoSize) {
    const { method, headers } = request;
    const userId = signedIn(request).user.id;
    // Another member's copy is not the uploader's bytes; `-others` since copies of every format are re-encoded.
    const etag = `"${file.sha256.slice(0, 32)}-${size}${file.uploadedById === userId ? '' : '-others'}"`;
    reply.header('cache-control', cacheForever).header('etag', etag).header('x-content-type-options', 'nosniff');
    if (headers['if-none-match'] === etag) return reply.code(304).send();

    if (size !== 'original') {
      const display = await photoFiles.display(file, size);
      if (!display) throw notFound();
      return reply.type('image/webp').header('content-length', display.byteSize).send(display.stream);
    }
    // Saved under its title, with the extension of the bytes sent: an iPhone's own HEIC comes back as .heic.
    const title = (await photos.find(file.photoId, file.familyId))?.title ?? null;
    const savedAs = (contentType: string) => attachmentNamed(title, 'photo', imageExtension(contentType));
    if (file.uploadedById === userId) {
      reply.header('content-disposition', savedAs(file.contentType));
      return sendOriginal(reply, file, headers.range);
    }
    if (!(await settings.get(file.uploadedById)).photoDownload) {
      throw new HttpError(403, { error: uploadMessages.notAllowed });
    }
    // The viewer asks with HEAD whether to offer Download original: answered without making the copy it would get.
    reply.header('content-disposition', savedAs(sharedContentType(file.contentType)));
    if (method === 'HEAD') return reply.type(sharedContentType(file.contentType)).send(undefined);
    const shared = await photoFiles.shared(file);
    if (!shared) throw notFound();
    return reply
      .type(sharedContentType(file.contentType))
      .header('content-length', shared.byteSize)
      .send(shared.stream);
  }

  async function sendOriginal(reply: FastifyReply, file: PhotoFile, rangeHeader: string | undefined) {
    const range = parseRange(rangeHeader, file.byteSize);
    reply.type(file.contentType).header('accept-ranges', 'bytes');
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${file.byteSize}`).send();
    }
    const original = await photoFiles.original(file, range ?? undefined);
    if (!original) throw notFound();
    reply.header('content-length', original.byteSize);
    if (!range) return reply.send(original.stream);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.byteSize}`)
      .send(original.stream);
  }

  /** The family's photos, newest first (product.md §7). */
  app.get('/api/families/:id/photos', { preValidation: app.requireUser, schema: schemas.list }, async (request) => {
    const { id: familyId } = request.params;
    const seen = await photos.seenBy(familyId, signedIn(request).user.id);
    if (!seen) throw notFound();
    return seen;
  });

  /**
   * product.md §7's photo: `imageUrl` must be the address of this person's own upload to this family (the device uploads
   * first, then names it); an outside address, or someone else's upload, is not a photo of Hearth's.
   */
  app.post(
    '/api/families/:id/photos',
    { preValidation: app.requireUser, schema: schemas.create },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId } = request.params;
      const { body } = request;
      const photoId = photoIdInUrl(body.imageUrl);
      if (!photoId) {
        throw new HttpError(400, {
          error: 'imageUrl must be the address of a photo you uploaded to Hearth',
          field: 'imageUrl',
          issues: [{ field: 'imageUrl', message: 'Must be the address of a photo you uploaded to Hearth' }],
        });
      }
      await runMutation(user.id, request.log, async (tx, context) => ({
        change: await mutators['photo.create'](tx, context, {
          photoId,
          familyId,
          albumId: body.albumId ?? null,
          title: body.title,
          description: body.description,
        }),
        result: null,
      }));
      const photo = await photos.find(photoId, familyId);
      if (!photo) throw new Error(`photo ${photoId} missing right after it was made`);
      return reply.code(201).send(photo);
    },
  );

  app.get('/api/families/:id/albums', { preValidation: app.requireUser, schema: schemas.albums }, async (request) => {
    const { id: familyId } = request.params;
    const seen = await albums.seenBy(familyId, signedIn(request).user.id);
    if (!seen) throw notFound();
    return seen;
  });

  app.post(
    '/api/families/:id/albums',
    { preValidation: app.requireUser, schema: schemas.createAlbum },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId } = request.params;
      const { body } = request;
      const albumId = randomUUID();
      await runMutation(user.id, request.log, async (tx, context) => ({
        change: await mutators['album.create'](tx, context, { albumId, familyId, ...body }),
        result: null,
      }));
      const album = await albums.find(albumId, familyId);
      if (!album) throw new Error(`album ${albumId} missing right after it was made`);
      return reply.code(201).send(album);
    },
  );
};
