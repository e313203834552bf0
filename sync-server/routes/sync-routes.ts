import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  forgetDeviceRequestSchema,
  historyChangedSchema,
  pullRequestSchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  type FamilyCursor,
  type HistoryChanged,
} from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { databaseUnavailableHeaders, HttpError, serverMessages } from '../http-errors.ts';
import { apiError, errorResponses, noContent, sendJsonText } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createSyncRepository, type DeviceState, type FamilyVersions } from '../repositories/sync-repository.ts';
import { startNewHistoryAfter } from '../sync-history.ts';
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

/** What a push or a pull may answer besides its page: the device is another account's, or of another history. */
const deviceErrors = {
  ...errorResponses(400, 401),
  403: apiError('The device or its database belongs to another account'),
  409: historyChangedSchema.describe('The server’s history is not the one the device synced with: start over'),
  426: apiError('`update_required`: the device speaks an older sync protocol'),
};

/**
 * What a device in the server's history has seen that the database does not hold (docs/decisions/0050): a seq
 * answered beyond its watermark, or a family version beyond the family's. Neither can happen while the database only
 * moves forward, since the server answers only what it committed. `history`: the database was put back in time
 * and every device must start over. `device`: the database never knew this device, or let go of it
 * (housekeeping.ts), so its own word proves nothing about the rest: it alone starts over.
 */
function beyondTheDatabase(
  sent: { acknowledgedSeq: number; cursors?: readonly FamilyCursor[] },
  device: DeviceState & { families?: ReadonlyMap<string, FamilyVersions> },
): 'history' | 'device' | null {
  const { families } = device;
  const aheadOfFamily = sent.cursors?.some((cursor) => cursor.version > (families?.get(cursor.familyId)?.version ?? Infinity));
  if (aheadOfFamily) return 'history';
  if (sent.acknowledgedSeq <= device.lastAppliedSeq) return null;
  return device.lastAppliedSeq > 0 ? 'history' : 'device';
}

export const syncRoutes: FastifyPluginAsyncZod<SyncRoutesOptions> = async (app, { sql, notifier, pullPageMax }) => {
  const devices = createSyncRepository(sql);

  /** In preValidation: an older device's body may not match today's schema at all, and must hear 426, not 400. */
  async function requireCurrentProtocolOf(request: FastifyRequest): Promise<void> {
    requireCurrentProtocol(protocolOnlySchema.safeParse(request.body).data?.protocolVersion);
  }

  /**
   * Who the request is from and which device: the device's database must be the signed-in person's (`userId`, or
   * a database left by someone else would write as this person), and the device belongs to the first person who
   * syncs with it. Then the history: a device that synced with another one than the server's, or pushes without
   * naming one, starts over (409), told its watermark in this one. Answers the device's state and the server's epoch.
   */
  async function admitDevice(
    request: FastifyRequest,
    sent: {
      userId: string;
      deviceId: string;
      epoch: string | null;
      acknowledgedSeq: number;
      cursors?: readonly FamilyCursor[];
      timeZone?: string;
    },
    options: { pulling?: boolean } = {},
  ): Promise<DeviceState & { epoch: string; families?: Map<string, FamilyVersions> }> {
    const { user } = signedIn(request);
    if (sent.userId !== user.id) throw new HttpError(403, { error: serverMessages.deviceOfAnotherAccount });
    const device = await devices.claimDevice(sent.deviceId, user.id, sent.timeZone, options);
    if (device.userId !== user.id) throw new HttpError(403, { error: serverMessages.deviceOfAnotherAccount });
    // A push must name the history it was written for: one sent before the device's first answer and delayed past a
    // restore would otherwise be applied in the new history under seqs that mean other writes there (decision
    // 0037). A device that never heard an epoch learns it from this answer and sends again at once.
    const startOver = (epoch: string): never => {
      const answer: HistoryChanged = { error: serverMessages.historyChanged, epoch, lastAppliedSeq: device.lastAppliedSeq };
      throw new HttpError(409, answer);
    };
    if ((sent.epoch !== null || !options.pulling) && sent.epoch !== device.epoch) startOver(device.epoch);
    const witnessed = sent.epoch === null ? null : beyondTheDatabase(sent, device);
    if (witnessed === 'device') startOver(device.epoch);
    if (witnessed === 'history') {
      // Named with its person: a device that keeps saying so without a restore is a bug, or someone trying it.
      request.log.warn(
        {
          userId: user.id,
          deviceId: sent.deviceId,
          acknowledgedSeq: sent.acknowledgedSeq,
          lastAppliedSeq: device.lastAppliedSeq,
        },
        'a device saw more than the database holds: it was put back in time, a new history begins',
      );
      startOver(await startNewHistoryAfter(sql, device.epoch));
    }
    return device;
  }

  app.post(
    '/api/sync/push',
    {
      onRequest: app.requireUser,
      preValidation: requireCurrentProtocolOf,
      bodyLimit: pushBodyLimit,
      schema: {
        summary: 'Sends the device’s queued writes, in order; each is applied exactly once (decision 0006)',
        body: pushRequestSchema,
        response: {
          200: pushResponseSchema,
          ...deviceErrors,
          503: z
            .union([pushResponseSchema.extend({ error: z.string() }), apiErrorSchema])
            .describe('The database failed part way: the writes before it are answered, the rest kept to send again'),
        },
      },
    },
    async (request, reply) => {
      const receivedAt = Date.now();
      const push = request.body;
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
      if (outcome.statusCode === 200) return outcome.body;
      return reply.code(503).headers(databaseUnavailableHeaders).send(outcome.body);
    },
  );

  // The answer is a PullResponse's JSON, made as text (sync-pull.ts): sent as it comes, never serialized again.
  app.post(
    '/api/sync/pull',
    {
      preValidation: [app.requireUser, requireCurrentProtocolOf],
      schema: {
        summary: 'The changes of the user’s families since the device’s cursors, one page (decision 0006)',
        body: pullRequestSchema,
        response: { 200: pullResponseSchema, ...deviceErrors },
      },
    },
    async (request, reply) => {
      const pull = request.body;
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
      return sendJsonText(reply, answer);
    },
  );

  // Another person's device, or one already forgotten, is left as it is: the answer is the same, so it says nothing.
  app.post(
    '/api/sync/forget-device',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'The signed-out device’s row goes now rather than after months',
        body: forgetDeviceRequestSchema,
        response: { 204: noContent('Forgotten (or not the caller’s: the same answer)'), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await devices.forgetDevice(request.body.deviceId, signedIn(request).user.id);
      return reply.code(204).send();
    },
  );
};
