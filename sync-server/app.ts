import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { limits } from '../schema/index.ts';
import { createPasswords } from './auth/passwords.ts';
import type { Config } from './config.ts';
import type { Sql } from './database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { requestGuardPlugin } from './plugins/request-guard.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin, sessionPolicy } from './plugins/session.ts';
import { readShell, staticFilesPlugin } from './plugins/static-files.ts';
import { createSessionRepository } from './repositories/session-repository.ts';
import { createSettingsRepository } from './repositories/settings-repository.ts';
import { createUserRepository } from './repositories/user-repository.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { googleAuthRoutes } from './routes/google-auth-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';

export type AppOptions = {
  config: Config;
  sql: Sql;
  /** The clock rate limits count with; tests move it instead of waiting. */
  now?: () => number;
};

/** The whole HTTP app, without listening: server.ts listens, tests call `inject`. */
export async function buildApp({ config, sql, now = Date.now }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
  });
  // JSON is the only body the API reads (multipart only where a route opts in); text/plain would be a way around
  // the browser's CORS preflight.
  app.removeContentTypeParser('text/plain');

  const users = createUserRepository(sql);
  const sessions = createSessionRepository(sql, sessionPolicy);
  const settings = createSettingsRepository(sql);
  const passwords = await createPasswords();
  const shell = await readShell(config.staticDir);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { config, shell });
  await app.register(requestGuardPlugin, { config });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: limits.photoMaxBytes, files: limits.photosPerSelection, fields: 20, fieldSize: 10_000 },
  });
  await app.register(sessionPlugin, { config, sessions });

  await app.register(healthRoutes, { sql });
  await app.register(authRoutes, { config, users, passwords, now });
  await app.register(googleAuthRoutes, { config, users });
  await app.register(settingsRoutes, { settings });
  await app.register(staticFilesPlugin, { staticDir: config.staticDir, shell });

  return app;
}
