import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  forgetDeviceRequestSchema,
  pullRequestSchema,
  pushRequestSchema,
  type HistoryChanged,
} from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { databaseUnavailableHeaders, HttpError, serverMessages } from '../http-errors.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody } from '../plugins/validation.ts';
import { createSyncRepository, type DeviceState, type FamilyVersions } from '../repositories/sync-repository.ts';
import type { SyncNotifier } from '../sync-notifier.ts';
import { pullChanges } from '../sync-pull.ts';
import { applyPush } from '../sync-push.ts';
import { requireCurrentProtocol } from './support/protocol-version.ts';

export type SyncRoutesOptions = {
  sql: Sql;
  notifier: SyncNotifier;
  /** Most changes in a pull's answer; `pullPageMax` unless a test lowers it. */
  pullPageMax?: { first: number; resumed: number };
};

/** Only the version, read before the rest: an older device's body may not match today's schema at all. */
const protocolOnlySchema = z.object({ protocolVersion: z.number() });

/**
 * A push of `pushBatchMax` posts of `limits.postContentMax` characters, each escaped in JSON at worst, is over the
 * app's 1 MiB: a full outbox must still go through. The session is checked before the body is read (onRequest),
 * so only signed-in people can send this much.
 */
const pushBodyLimit = 4 * 1_048_576;

export const syncRoutes: FastifyPluginAsync<SyncRoutesOptions> = async (app, { sql, notifier, pullPageMax }) => {
  const devices = createSyncRepository(sql);

  function requireCurrentProtocolOf(request: FastifyRequest): void {
    requireCurrentProtocol(protocolOnlySchema.safeParse(request.body).data?.protocolVersion);
  }

  /**
   * Who the request is from and which device: the device's database must be the signed-in person's (`userId`, or
   * a database left by someone else would write as this person), and the device belongs to the first person who
   * syncs with it. Then the history: a device that synced with another one than the server's starts over (409),
   * told its watermark in this one. Answers the device's state and the server's epoch.
   */
  async function admitDevice(
    request: FastifyRequest,
    sent: { userId: string; deviceId: string; epoch: string | null; timeZone?: string },
    options: { pulling?: boolean } = {},
  ): Promise<DeviceState & { epoch: string; families?: Map<string, FamilyVersions> }> {
    const { user } = signedIn(request);
    if (sent.userId !== user.id) throw new HttpError(403, { error: serverMessages.deviceOfAnotherAccount });
    const device = await devices.claimDevice(sent.deviceId, user.id, sent.timeZone, options);
    if (device.userId !== user.id) throw new HttpError(403, { error: serverMessages.deviceOfAnotherAccount });
    if (sent.epoch !== null && sent.epoch !== device.epoch) {
      const answer: HistoryChanged = {
        error: serverMessages.historyChanged,
        epoch: device.epoch,
        lastAppliedSeq: device.lastAppliedSeq,
      };
      throw new HttpError(409, answer);
    }
    return device;
  }

  app.post('/api/sync/push', { onRequest: app.requireUser, bodyLimit: pushBodyLimit }, async (request, reply) => {
    const receivedAt = Date.now();
    requireCurrentProtocolOf(request);
    const push = parseBody(pushRequestSchema, request);
    const { userId, lastAppliedSeq, epoch } = await admitDevice(request, push);
    const outcome = await applyPush(
      { sql, notifier, log: request.log },
      {
        userId,
        deviceId: push.deviceId,
        mutations: push.mutations,
        lastAppliedSeq,
        epoch,
        clockOffsetMs: receivedAt - Date.parse(push.sentAt),
      },
    );
    if (outcome.statusCode === 503) reply.headers(databaseUnavailableHeaders);
    return reply.code(outcome.statusCode).send(outcome.body);
  });

  // The answer is a PullResponse's JSON, made as text (sync-pull.ts).
  app.post('/api/sync/pull', { preHandler: app.requireUser }, async (request, reply) => {
    requireCurrentProtocolOf(request);
    const pull = parseBody(pullRequestSchema, request);
    const { userId, epoch, lastAppliedSeq, families } = await admitDevice(request, pull, { pulling: true });
    const admitted = families ? { lastAppliedSeq, families } : undefined;
    const answer = await pullChanges(sql, {
      userId,
      deviceId: pull.deviceId,
      epoch,
      cursors: pull.cursors,
      admitted,
      pageMax: pullPageMax,
    });
    return reply.type('application/json; charset=utf-8').send(answer);
  });

  // Another person's device, or one already forgotten, is left as it is: the answer is the same, so it says nothing.
  app.post('/api/sync/forget-device', { preHandler: app.requireUser }, async (request, reply) => {
    const { deviceId } = parseBody(forgetDeviceRequestSchema, request);
    await devices.forgetDevice(deviceId, signedIn(request).user.id);
    return reply.code(204).send();
  });
};
