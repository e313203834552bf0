import { createHash, randomUUID } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdFrameSchema,
  familyFrameSchema,
  frameMessages,
  frameSizes,
  frameUnusedDays,
  framePhotosSchema,
  id,
  idParamsSchema,
  openFrameBodySchema,
  rejections,
} from '../../schema/index.ts';
import { hashOfToken, newSecretToken } from '../auth/secret-tokens.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { lockFamilyAsMember } from '../mutators/access.ts';
import { MutationRejected } from '../mutators/mutator.ts';
import type { PhotoFiles } from '../photos/photo-files.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { apiError, errorResponses, fileContent, noContent } from '../plugins/route-schemas.ts';
import { privateCookie, signedIn } from '../plugins/session.ts';
import { createFrameRepository, type FrameCredential } from '../repositories/frame-repository.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createPhotoRepository } from '../repositories/photo-repository.ts';
import type { SyncNotifier } from '../sync-notifier.ts';
import { requireMembership } from './support/family-access.ts';
import { mutationErrors, type MutationRunner } from './support/run-mutation.ts';

/**
 * Photo frames (docs/decisions/0061-photo-frames.md). An admin makes a link; the browser that opens it gets a
 * cookie of its own kind, sent only to `/api/frame/`, which no person's route reads: it shows the family's photos in
 * display sizes, who shared them and when, and hears when the family moves on. Nothing else.
 */
export const frameCookieName = 'hearth_frame';
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
/** A frame's visit is written down at most this often, as a session's is. */
const frameTouchSeconds = 5 * 60;
/** A mantelpiece has one frame open; a few more (a second tab, a reload racing the old stream) are harmless. */
const streamsPerFrame = 4;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the frame routes' own guard: the frame this browser is. */
    frame: FrameCredential | null;
  }
}

const frameParamsSchema = z.strictObject({ id, frameId: id });
const framePhotoParamsSchema = z.strictObject({
  photoId: id,
  size: z.enum(frameSizes),
});
const adminsOnly = apiError('Only a family admin manages its frames');

const schemas = {
  create: {
    summary: 'An admin makes a frame link; its token is shown this once',
    params: idParamsSchema,
    response: { 201: createdFrameSchema, ...mutationErrors },
  },
  list: {
    summary: 'The family’s photo frames, for its admins (never their tokens)',
    params: idParamsSchema,
    response: {
      200: z.array(familyFrameSchema),
      ...errorResponses(400, 401, 404),
      403: adminsOnly,
    },
  },
  revoke: {
    summary: 'An admin turns a frame off: it goes dark at its next request, its live stream ends now',
    params: frameParamsSchema,
    response: {
      204: noContent('Turned off'),
      ...errorResponses(400, 401, 404),
      403: adminsOnly,
    },
  },
  open: {
    summary: 'A frame link opened: this browser becomes a frame of the family’s photos (the link works once)',
    body: openFrameBodySchema,
    response: {
      204: noContent('This browser is the frame now: its cookie is set'),
      ...errorResponses(400, 429),
      404: apiError('No open frame link has this token'),
    },
  },
  photos: {
    summary: 'What the frame shows: the family’s newest photos, who shared each and when',
    description: 'With an ETag: a frame asking after a poke when no photo came gets 304.',
    response: {
      200: framePhotosSchema,
      304: noContent('Unchanged (If-None-Match)'),
      ...errorResponses(401),
    },
  },
  photo: {
    summary: 'A display size of one of the family’s photos (never the original)',
    params: framePhotoParamsSchema,
    response: {
      200: fileContent('The image', 'image/webp'),
      304: noContent('Unchanged (If-None-Match)'),
      ...errorResponses(400, 401, 404),
    },
  },
  live: {
    summary: 'Pokes for a frame: its family moved on (ask for the photos again); ends when the frame is turned off',
    response: {
      200: {
        description: 'Server-sent events: `ready`, then `poke` with `{}` and a `heartbeat` every few seconds.',
        content: { 'text/event-stream': { schema: z.string() } },
      },
      ...errorResponses(401),
      429: apiError('Too many streams open for this frame'),
      503: apiError('The server is shutting down'),
    },
  },
};

export const frameRoutes: FastifyPluginAsyncZod<{
  config: Config;
  sql: Sql;
  runMutation: MutationRunner;
  photoFiles: PhotoFiles;
  notifier: SyncNotifier;
  heartbeatMs: number;
  now: () => number;
}> = async (app, { config, sql, runMutation, photoFiles, notifier, heartbeatMs, now }) => {
  const frames = createFrameRepository(sql);
  const families = createFamilyRepository(sql);
  const photos = createPhotoRepository(sql);
  const notFound = () => new HttpError(404, { error: serverMessages.notFound });
  // Opening a link is public to whoever holds one: limited per address like invitation look-ups.
  const perIp = createRateLimiter(sql, {
    bucket: 'frame-open-per-ip',
    limit: config.authRateLimitPerIp,
    windowMs: 60_000,
    now,
  });

  function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
    // Sent only to the frame's own routes: a person's routes never even see it.
    return {
      ...privateCookie(config, request),
      path: '/api/frame',
      maxAge: frameUnusedDays * 24 * 60 * 60,
    };
  }

  /** A family's frames are its admins' to manage; anyone outside it gets what a random id gets. */
  async function requireAdmin(familyId: string, userId: string): Promise<void> {
    if ((await requireMembership(families, familyId, userId)) !== 'admin') {
      throw new HttpError(403, { error: rejections.adminsOnly });
    }
  }

  app.decorateRequest('frame', null);

  /** preValidation of every frame route: a live frame's cookie, or 401 (and the cookie goes). */
  async function requireFrame(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[frameCookieName];
    const frame = token && tokenPattern.test(token) ? await frames.find(hashOfToken(token), frameTouchSeconds) : null;
    if (!token || !frame) {
      if (token !== undefined) reply.clearCookie(frameCookieName, cookieOptions(request));
      throw new HttpError(401, { error: serverMessages.unauthorized });
    }
    if (frame.stale) {
      // Sliding, as a session: a frame in use never ends behind the family's back.
      await frames.touch(frame.id);
      reply.setCookie(frameCookieName, token, cookieOptions(request));
    }
    request.frame = frame;
  }
  const frameOf = (request: FastifyRequest): FrameCredential => {
    if (!request.frame) throw new HttpError(401, { error: serverMessages.unauthorized });
    return request.frame;
  };

  app.post(
    '/api/families/:id/frames',
    { preValidation: app.requireUser, schema: schemas.create },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId } = request.params;
      const token = newSecretToken();
      const frame = await runMutation(user.id, request.log, async (tx, context) => {
        // Under the family's lock like an invitation: an admin removed meanwhile is refused.
        const { role } = await lockFamilyAsMember(tx, familyId, context.userId);
        if (role !== 'admin') throw new MutationRejected('adminsOnly');
        const made = await createFrameRepository(tx).create({
          id: randomUUID(),
          familyId,
          createdById: user.id,
          linkTokenHash: hashOfToken(token),
        });
        return { change: null, result: made };
      });
      return reply.code(201).send({ ...frame, token });
    },
  );

  app.get('/api/families/:id/frames', { preValidation: app.requireUser, schema: schemas.list }, async (request) => {
    const { id: familyId } = request.params;
    await requireAdmin(familyId, signedIn(request).user.id);
    return frames.listOf(familyId);
  });

  app.delete(
    '/api/families/:id/frames/:frameId',
    { preValidation: app.requireUser, schema: schemas.revoke },
    async (request, reply) => {
      const { id: familyId, frameId } = request.params;
      await requireAdmin(familyId, signedIn(request).user.id);
      if (!(await frames.delete(familyId, frameId))) throw notFound();
      // Its live stream, on whichever instance, checks now instead of at its next heartbeat.
      notifier
        .publishAccountChanged(frameId)
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not publish that a frame ended'));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/frame/open',
    {
      preValidation: async (request) => enforceRateLimit(await perIp.hit(`frame:${request.ip}`)),
      schema: schemas.open,
    },
    async (request, reply) => {
      const token = newSecretToken();
      const userAgent = request.headers['user-agent']?.slice(0, 512) ?? null;
      const frameId = await frames.open(hashOfToken(request.body.token), hashOfToken(token), userAgent);
      if (!frameId) throw new HttpError(404, { error: frameMessages.linkClosed });
      reply.setCookie(frameCookieName, token, cookieOptions(request));
      return reply.code(204).send();
    },
  );

  app.get('/api/frame/photos', { preValidation: requireFrame, schema: schemas.photos }, async (request, reply) => {
    const shown = await frames.photosOf(frameOf(request).familyId);
    if (!shown) throw new HttpError(401, { error: serverMessages.unauthorized });
    // After every poke the frame asks again: when no photo came, a few bytes answer instead of the list.
    const etag = `"${createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return shown;
  });

  app.get(
    '/api/frame/photos/:photoId/:size',
    { preValidation: requireFrame, schema: schemas.photo },
    async (request, reply) => {
      const { photoId, size } = request.params;
      if (!(await frames.isPhotoOf(photoId, frameOf(request).familyId))) throw notFound();
      const file = await photos.findFile(photoId, frameOf(request).familyId);
      if (!file) throw notFound();
      // What any member who did not upload it gets: re-encoded, no metadata of any kind (GPS included).
      const etag = `"${file.sha256.slice(0, 32)}-${size}-frame"`;
      reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const display = await photoFiles.display(file, size);
      if (!display) throw notFound();
      return reply.type('image/webp').header('content-length', display.byteSize).send(display.stream);
    },
  );

  const openStreams = new Set<() => void>();
  const streamsOf = new Map<string, number>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    for (const close of openStreams) close();
  });

  app.get('/api/frame/live', { preValidation: requireFrame, schema: schemas.live }, async (request, reply) => {
    const frame = frameOf(request);
    if (closing) return reply.code(503).send({ error: serverMessages.shuttingDown });
    const open = streamsOf.get(frame.id) ?? 0;
    if (open >= streamsPerFrame) throw new HttpError(429, { error: serverMessages.tooManyLiveStreams });
    streamsOf.set(frame.id, open + 1);
    const response = reply.raw;
    let streaming = true;
    const send = (text: string) => {
      if (streaming) response.write(text);
    };
    // Any change of the family's that every member sees: the frame asks for the photos again (304 when none came).
    const unsubscribe = notifier.subscribe((change) => {
      if (change.familyId === frame.familyId && !change.seenOnlyBy) send('event: poke\ndata: {}\n\n');
    });
    const checkLive = () =>
      frames.isLive(frame.id).then(
        (live) => {
          if (!live) close();
        },
        // The database may be down for a moment: checked again at the next heartbeat.
        (error: unknown) => request.log.warn({ err: error }, 'frame live: frame not checked'),
      );
    const heartbeat = setInterval(() => {
      send('event: heartbeat\ndata: {}\n\n');
      void checkLive();
    }, heartbeatMs);
    const stopWatching = notifier.onAccountChanged((changedId) => {
      if (changedId === frame.id) void checkLive();
    });
    const close = () => {
      if (!streaming) return;
      streaming = false;
      clearInterval(heartbeat);
      unsubscribe();
      stopWatching();
      openStreams.delete(close);
      const left = (streamsOf.get(frame.id) ?? 1) - 1;
      if (left === 0) streamsOf.delete(frame.id);
      else streamsOf.set(frame.id, left);
      response.end();
    };
    openStreams.add(close);
    // Written by hand from here on, as the person's live channel is (live-routes.ts).
    reply.hijack();
    response.writeHead(200, {
      ...app.securityHeaders(request),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    response.on('close', close);
    if (request.raw.socket.destroyed) return close();
    send('event: ready\ndata: {}\n\n');
  });
};
