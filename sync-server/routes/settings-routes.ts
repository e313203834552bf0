import type { FastifyPluginAsync } from 'fastify';
import { settingsUpdateBodySchema, type UserSettings } from '../../schema/index.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody } from '../plugins/validation.ts';
import type { SettingsRepository } from '../repositories/settings-repository.ts';

export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsRepository }> = async (app, { settings }) => {
  app.get('/api/settings', { preHandler: app.requireUser }, async (request): Promise<UserSettings> =>
    settings.get(signedIn(request).user.id),
  );

  app.patch('/api/settings', { preHandler: app.requireUser }, async (request): Promise<UserSettings> => {
    const { user } = signedIn(request);
    return settings.update(user.id, parseBody(settingsUpdateBodySchema, request));
  });
};
