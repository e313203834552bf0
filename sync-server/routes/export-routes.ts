import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportSchema, id } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { exportKey, latestExport, requestExport } from '../exports/data-exports.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { apiError, errorResponses, fileContent } from '../plugins/route-schemas.ts';
import { createExportRepository } from '../repositories/export-repository.ts';
import { signedIn } from '../plugins/session.ts';

const exportParamsSchema = z.strictObject({ id });

const schemas = {
  request: {
    summary: 'Asks for an archive of everything the person has in Hearth; it is made in the background',
    response: {
      202: z.object({ export: dataExportSchema }),
      ...errorResponses(401),
      409: apiError('An archive is being made already'),
      429: apiError('One archive a day: `error` says when the next one can be made'),
    },
  },
  latest: {
    summary: 'The person’s newest archive, and how far it is',
    response: { 200: z.object({ export: dataExportSchema.nullable() }), ...errorResponses(401) },
  },
  download: {
    summary: 'The person’s newest archive, ready and within its week',
    params: exportParamsSchema,
    response: {
      200: fileContent('The archive (`Content-Disposition: attachment`)', 'application/zip'),
      ...errorResponses(400, 401, 404),
      410: apiError('The archive is no longer kept'),
    },
  },
};

export type ExportRoutesOptions = {
  sql: Sql;
  photoStorage: PhotoStorage;
  /** Wakes the job queue's export builder (server.ts); without one, the minute's schedule picks it up. */
  runJobSoon: (name: string) => Promise<void>;
};

/** Download My Data (decision 0027): ask for an archive, watch it being made, download it for 7 days. */
export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (
  app,
  { sql, photoStorage, runJobSoon },
) => {
  app.post('/api/exports', { preValidation: app.requireUser, schema: schemas.request }, async (request, reply) => {
    const outcome = await requestExport(sql, signedIn(request).user.id);
    if ('refused' in outcome) {
      const error =
        outcome.refused === 'under_way'
          ? serverMessages.exportUnderWay
          : serverMessages.exportTooSoon(outcome.current.nextAllowedAt);
      throw new HttpError(outcome.refused === 'under_way' ? 409 : 429, { error });
    }
    await runJobSoon('exports').catch((error: unknown) => request.log.warn({ err: error }, 'could not wake exports'));
    return reply.code(202).send({ export: outcome.started });
  });

  app.get('/api/exports/latest', { preValidation: app.requireUser, schema: schemas.latest }, async (request) => ({
    export: await latestExport(sql, signedIn(request).user.id),
  }));

  app.get(
    '/api/exports/:id/download',
    { preValidation: app.requireUser, schema: schemas.download },
    async (request, reply) => {
      const { id: exportId } = request.params;
      const latest = await latestExport(sql, signedIn(request).user.id);
      // Only the person's newest archive, ready and within its week; anything else (someone else's) reads as none.
      if (latest?.id !== exportId || latest.status !== 'ready') {
        const gone = await createExportRepository(sql).wasEverOf(exportId, signedIn(request).user.id);
        throw gone
          ? new HttpError(410, { error: serverMessages.exportGone })
          : new HttpError(404, { error: serverMessages.notFound });
      }
      const stored = await photoStorage.read(exportKey(exportId));
      if (!stored) throw new HttpError(410, { error: serverMessages.exportGone });
      const day = latest.requestedAt.slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-length', stored.byteSize)
        .header('content-disposition', `attachment; filename="hearth-archive-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    },
  );
};
