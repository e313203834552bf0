import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { id } from '../../schema/fields.ts';
import type { Sql } from '../database.ts';
import type { DataExport } from '../../schema/index.ts';
import { exportKey, latestExport, requestExport } from '../exports/data-exports.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { signedIn } from '../plugins/session.ts';
import { parseParams } from '../plugins/validation.ts';

const exportParamsSchema = z.strictObject({ id });

export type ExportRoutesOptions = {
  sql: Sql;
  photoStorage: PhotoStorage;
  /** Wakes the job queue's export builder (server.ts); without one, the minute's schedule picks it up. */
  runJobSoon: (name: string) => Promise<void>;
};

/** Download My Data (issue 17, decision 0027): ask for an archive, watch it being made, download it for 7 days. */
export const exportRoutes: FastifyPluginAsync<ExportRoutesOptions> = async (app, { sql, photoStorage, runJobSoon }) => {
  app.post('/api/exports', { preHandler: app.requireUser }, async (request, reply) => {
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

  app.get(
    '/api/exports/latest',
    { preHandler: app.requireUser },
    async (request): Promise<{ export: DataExport | null }> => ({
      export: await latestExport(sql, signedIn(request).user.id),
    }),
  );

  app.get('/api/exports/:id/download', { preHandler: app.requireUser }, async (request, reply) => {
    const { id: exportId } = parseParams(exportParamsSchema, request);
    const latest = await latestExport(sql, signedIn(request).user.id);
    // Only the person's newest archive, ready and within its week; anything else (someone else's) reads as none.
    if (latest?.id !== exportId || latest.status !== 'ready') {
      const [gone] = await sql`
        select 1 from data_exports where id = ${exportId} and user_id = ${signedIn(request).user.id}
      `;
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
  });
};
