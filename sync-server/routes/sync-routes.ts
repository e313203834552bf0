import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pullRequestSchema, pushRequestSchema, type PullResponse } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody } from '../plugins/validation.ts';
import { createSyncRepository, type DeviceState } from '../repositories/sync-repository.ts';
import type { SyncNotifier } from '../sync-notifier.ts';
import { pullChanges } from '../sync-pull.ts';
import { applyPush } from '../sync-push.ts';
import { requireCurrentProtocol } from './protocol-version.ts';

export type SyncRoutesOptions = { sql: Sql; notifier: SyncNotifier };

/** Only the version, read before the rest: an older device's body may not match today's schema at all. */
const protocolOnlySchema = z.object({ protocolVersion: z.number() });

/**
 * A push of `pushBatchMax` posts of `limits.postContentMax` characters, each escaped in JSON at worst, is over the
 * app's 1 MiB: a full outbox must still go through. The session is checked before the body is read (onRequest),
 * so only signed-in people can send this much.
 */
const pushBodyLimit = 4 * 1_048_576;

export const syncRoutes: FastifyPluginAsync<SyncRoutesOptions> = async (app, { sql, notifier }) => {
  const devices = createSyncRepository(sql);

  function requireCurrentProtocolOf(request: FastifyRequest): void {
    requireCurrentProtocol(protocolOnlySchema.safeParse(request.body).data?.protocolVersion);
  }

  /** The device belongs to the first user who syncs with it; nobody else may push or pull as it. */
  async function claimDevice(deviceId: string, userId: string): Promise<DeviceState> {
    const device = await devices.claimDevice(deviceId, userId);
    if (device.userId !== userId) throw new HttpError(403, { error: serverMessages.deviceOfAnotherAccount });
    return device;
  }

  app.post('/api/sync/push', { onRequest: app.requireUser, bodyLimit: pushBodyLimit }, async (request, reply) => {
    const { user } = signedIn(request);
    requireCurrentProtocolOf(request);
    const { deviceId, mutations } = parseBody(pushRequestSchema, request);
    const { lastAppliedSeq } = await claimDevice(deviceId, user.id);
    const outcome = await applyPush(
      { sql, notifier, log: request.log },
      { userId: user.id, deviceId, mutations, lastAppliedSeq },
    );
    return reply.code(outcome.statusCode).send(outcome.body);
  });

  app.post('/api/sync/pull', { preHandler: app.requireUser }, async (request): Promise<PullResponse> => {
    const { user } = signedIn(request);
    requireCurrentProtocolOf(request);
    const { deviceId, cursors } = parseBody(pullRequestSchema, request);
    await claimDevice(deviceId, user.id);
    return pullChanges(sql, { userId: user.id, deviceId, cursors });
  });
};
