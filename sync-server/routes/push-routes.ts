import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../schema/fields.ts';
import { notificationChannelsSchema, pushSubscriptionRequestSchema } from '../../schema/push.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { apiError, errorResponses, noContent } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { isPushServiceEndpoint } from '../push/push-services.ts';
import { vapidKeys } from '../push/vapid-keys.ts';
import { createPushRepository } from '../repositories/push-repository.ts';
import { createSyncRepository } from '../repositories/sync-repository.ts';

const deviceParamsSchema = z.strictObject({ deviceId: id });

const schemas = {
  channels: {
    summary: 'How Hearth can reach the person outside the app: the push key, and whether it sends email',
    response: { 200: notificationChannelsSchema, ...errorResponses(401) },
  },
  subscribe: {
    summary: 'This device’s push subscription, replacing the one it had',
    body: pushSubscriptionRequestSchema,
    response: {
      204: noContent('Subscribed'),
      ...errorResponses(400, 401),
      403: apiError('The device belongs to another account'),
    },
  },
  unsubscribe: {
    summary: 'This device no longer wants pushes (the same answer whether or not it had a subscription)',
    params: deviceParamsSchema,
    response: { 204: noContent('Unsubscribed'), ...errorResponses(400, 401) },
  },
};

/**
 * Push to a phone or computer (decision 0024): the server's public key, and each device's subscription,
 * one per device (the sync device id), the caller's own only.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ config: Config; sql: Sql }> = async (app, { config, sql }) => {
  const devices = createSyncRepository(sql);

  app.get('/api/notification-channels', { preValidation: app.requireUser, schema: schemas.channels }, async () => ({
    pushPublicKey: (await vapidKeys(sql)).publicKey,
    emailDigest: config.mail !== undefined,
  }));

  app.put(
    '/api/push/subscription',
    { preValidation: app.requireUser, schema: schemas.subscribe },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { deviceId, endpoint, keys } = request.body;
      if (!isPushServiceEndpoint(endpoint, config.pushServiceOrigins)) {
        throw new HttpError(400, { error: serverMessages.notAPushService });
      }
      const device = await devices.claimDevice(deviceId, user.id);
      if (device.userId !== user.id) throw new HttpError(403, { error: serverMessages.deviceOfAnotherAccount });
      await sql.begin((tx) =>
        createPushRepository(tx).subscribe({ device_id: deviceId, user_id: user.id, endpoint, ...keys }),
      );
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/push/subscription/:deviceId',
    { preValidation: app.requireUser, schema: schemas.unsubscribe },
    async (request, reply) => {
      const { deviceId } = request.params;
      await createPushRepository(sql).unsubscribe(deviceId, signedIn(request).user.id);
      return reply.code(204).send();
    },
  );
};
