import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsUpdateBodySchema, userSettingsSchema } from '../../schema/index.ts';
import { errorResponses } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import type { SettingsRepository } from '../repositories/settings-repository.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsRepository }> = async (app, { settings }) => {
  app.get(
    '/api/settings',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'The caller’s settings, kept on the server so they follow them to every device',
        response: { 200: userSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => settings.get(signedIn(request).user.id),
  );

  app.patch(
    '/api/settings',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Changes one setting or several; answers them all',
        body: settingsUpdateBodySchema,
        response: { 200: userSettingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => settings.update(signedIn(request).user.id, request.body),
  );
};
