import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type FastifySchema } from 'fastify';
import { limits, liveHeartbeatMs } from '../schema/index.ts';
import { createPasswords } from './auth/passwords.ts';
import type { Config } from './config.ts';
import type { Sql } from './database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { routeSchemasPlugin } from './plugins/route-schemas.ts';
import { requestGuardPlugin } from './plugins/request-guard.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin, sessionPolicy } from './plugins/session.ts';
import { joinPageDrawer } from './plugins/invitation-page.ts';
import { htmlPages, readBuiltPages, staticFilesPlugin } from './plugins/static-files.ts';
import { createPublicFormRepository } from './repositories/public-form-repository.ts';
import { createSessionRepository } from './repositories/session-repository.ts';
import { createSettingsRepository } from './repositories/settings-repository.ts';
import { createUserRepository } from './repositories/user-repository.ts';
import { logRequests, requestLogSerializers } from './request-log.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { familyRoutes } from './routes/family-routes.ts';
import { googleAuthRoutes } from './routes/google-auth-routes.ts';
import { passkeyRoutes } from './routes/passkey-routes.ts';
import { passwordResetRoutes } from './routes/password-reset-routes.ts';
import { emailSignInRoutes } from './routes/email-sign-in-routes.ts';
import { createMailer } from './mail/mailer.ts';
import { frameRoutes } from './routes/frame-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { invitationRoutes } from './routes/invitation-routes.ts';
import { liveRoutes } from './routes/live-routes.ts';
import { openApiRoutes } from './routes/openapi-routes.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { calendarRoutes } from './routes/calendar-routes.ts';
import { digestRoutes } from './routes/digest-routes.ts';
import { exportRoutes } from './routes/export-routes.ts';
import { pushRoutes } from './routes/push-routes.ts';
import { eventRoutes } from './routes/event-routes.ts';
import { messageRoutes } from './routes/message-routes.ts';
import { photoRoutes } from './routes/photo-routes.ts';
import { voiceRoutes } from './routes/voice-routes.ts';
import { postRoutes } from './routes/post-routes.ts';
import { publicFormRoutes } from './routes/public-form-routes.ts';
import { createMutationRunner } from './routes/support/run-mutation.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { syncRoutes } from './routes/sync-routes.ts';
import { createLocalNotifier, type SyncNotifier } from './sync-notifier.ts';
import { createPhotoFiles } from './photos/photo-files.ts';
import { createVoiceFiles } from './voice/voice-files.ts';
import { diskPhotoStorage, s3PhotoStorage, type PhotoStorage } from './photos/photo-storage.ts';
import { join } from 'node:path';

export type AppOptions = {
  config: Config;
  sql: Sql;
  /** The clock rate limits count with; tests move it instead of waiting. */
  now?: () => number;
  /**
   * How committed changes reach the live channels (sync-notifier.ts); the caller closes it after the app. Without
   * one, changes reach this app's own channels only.
   */
  notifier?: SyncNotifier;
  /** Tests shorten it to see a heartbeat. */
  liveHeartbeatMs?: number;
  /** Most changes in a pull's answer (`pullPageMax`); the nemesis lowers it so devices page through small families. */
  pullPageMax?: { first: number; resumed: number };
  /** Told of every route as it is registered: the family isolation test insists that each one has a case. */
  onRoute?: (route: { method: string; url: string; schema?: FastifySchema }) => void;
  /** How long a client may take to send a whole request; tests shorten it to watch a slow one being cut off. */
  requestTimeoutMs?: number;
  /** Where photo bytes go; from the config unless given (tests use a fresh folder or a local S3 peer). */
  photoStorage?: PhotoStorage;
  /** Whether ffmpeg is here to take voice notes; looked for unless told (tests of a server without it). */
  voiceToolsFound?: boolean;
  /** Asks the job queue (started after the app, server.ts) for a run of a kind of job now; none in most tests. */
  runJobSoon?: (name: string) => Promise<void>;
  /** With the embedded database: whether PGlite runs, for the health check (database.ts `Database.isRunning`). */
  embeddedIsRunning?: () => boolean;
  /** Tests: every answer of a route is checked against its schemas (plugins/route-schemas.ts). */
  checkResponses?: boolean;
};

export function photoStorageOf(config: Config): PhotoStorage {
  const { photoStorage } = config;
  return photoStorage.kind === 's3' ? s3PhotoStorage(photoStorage) : diskPhotoStorage(join(config.dataDir, 'photos'));
}

/**
 * Slow clients: a request must arrive whole within this time, or its connection is closed, so a few
 * hundred connections dripping a byte every few seconds cannot hold the server's sockets. Answers may take as long as
 * they like (the live channel is one long answer, kept alive by its heartbeats).
 */
export const connectionPolicy = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  /** Idle keep-alive sockets go after this; a live channel is never idle longer than its heartbeat. */
  idleTimeoutMs: 60_000,
  /** Open connections from one address (not behind a proxy): a family's phones and tablets share one at home. */
  connectionsPerAddress: 64,
};

/** The whole HTTP app, without listening: server.ts listens, tests call `inject`. */
export async function buildApp({
  config,
  sql,
  now = Date.now,
  notifier = createLocalNotifier(),
  liveHeartbeatMs: heartbeatMs = liveHeartbeatMs,
  pullPageMax,
  onRoute,
  requestTimeoutMs: requestTimeout = connectionPolicy.requestTimeoutMs,
  photoStorage = photoStorageOf(config),
  voiceToolsFound,
  runJobSoon = async () => {},
  embeddedIsRunning,
  checkResponses = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    requestTimeout,
    connectionTimeout: connectionPolicy.idleTimeoutMs,
    // Node looks for overdue requests this often (30 s unless told): a slow one is cut off soon after its time.
    http: {
      headersTimeout: Math.min(connectionPolicy.headersTimeoutMs, requestTimeout),
      connectionsCheckingInterval: 1_000,
    },
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: requestLogSerializers },
    logController: new LogController({ disableRequestLogging: true }),
  });
  logRequests(app);
  // Behind a proxy every connection comes from the proxy: the cap is then the proxy's to apply.
  if (!config.trustProxy) limitConnectionsPerAddress(app.server, connectionPolicy.connectionsPerAddress);
  // JSON is the only body the API reads (multipart only where a route opts in); text/plain would be a way around
  // the browser's CORS preflight.
  app.removeContentTypeParser('text/plain');
  if (onRoute) {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) onRoute({ method, url: route.url, schema: route.schema });
    });
  }

  const users = createUserRepository(sql);
  const sessions = createSessionRepository(sql, sessionPolicy);
  const settings = createSettingsRepository(sql);
  const forms = createPublicFormRepository(sql);
  const runMutation = createMutationRunner(sql, notifier);
  const passwords = await createPasswords();
  const pages = await readBuiltPages(config.staticDir);

  await app.register(errorHandlerPlugin);
  await app.register(routeSchemasPlugin, { checkResponses });
  await app.register(securityHeadersPlugin, { config, pages: htmlPages(pages) });
  await app.register(requestGuardPlugin, { config });
  // Brotli or gzip for the app's code, its pages and the API's JSON: the framework script shrinks from 295 KB to
  // under 100 KB, which on a slow phone connection is most of the first visit. The live channel is left alone (its
  // content type is excluded by default), so pokes are never held in a compression buffer.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: limits.photoMaxBytes, files: limits.photosPerSelection, fields: 20, fieldSize: 10_000 },
  });
  await app.register(sessionPlugin, { config, sessions, notifier });

  await app.register(openApiRoutes);
  await app.register(healthRoutes, { sql, embeddedIsRunning });
  await app.register(authRoutes, { config, users, passwords, now, sql, notifier });
  await app.register(googleAuthRoutes, { config, users });
  await app.register(passkeyRoutes, { config, sql, users, now });
  const mailer = config.mail && createMailer(config.mail);
  await app.register(passwordResetRoutes, { config, sql, users, passwords, mailer, now });
  await app.register(emailSignInRoutes, { config, sql, users, mailer, now });
  await app.register(accountRoutes, {
    sql,
    googleAvailable: config.google !== undefined,
    sessions,
    photoStorage,
    users,
    passwords,
    notifier,
    now,
  });
  await app.register(settingsRoutes, { settings });
  await app.register(publicFormRoutes, { config, sql, forms, now });
  await app.register(syncRoutes, { sql, notifier, pullPageMax });
  await app.register(liveRoutes, { sql, sessions, notifier, heartbeatMs });
  await app.register(familyRoutes, { sql, runMutation });
  await app.register(postRoutes, { sql, runMutation });
  // Uploads in parts wait on this server's disk until their last part (docs/decisions/0035-uploads-in-parts.md).
  const photoFiles = createPhotoFiles(photoStorage, sql, { partsDirectory: join(config.dataDir, 'upload-parts') });
  await app.register(photoRoutes, { sql, runMutation, photoFiles });
  await app.register(frameRoutes, { config, sql, runMutation, photoFiles, notifier, heartbeatMs, now });
  await app.register(voiceRoutes, { sql, voiceFiles: createVoiceFiles(photoStorage, sql, { toolsFound: voiceToolsFound }) });
  await app.register(eventRoutes, { sql, runMutation });
  await app.register(messageRoutes, { sql, runMutation });
  await app.register(calendarRoutes, { config, sql });
  await app.register(pushRoutes, { config, sql });
  await app.register(digestRoutes, { sql });
  await app.register(exportRoutes, { sql, photoStorage, runJobSoon });
  const joinPage =
    pages.join !== undefined && pages.shell !== undefined
      ? { draw: joinPageDrawer(config.staticDir, pages.join), shell: pages.shell }
      : undefined;
  await app.register(invitationRoutes, { config, sql, runMutation, now, joinPage });
  await app.register(staticFilesPlugin, { staticDir: config.staticDir, pages });

  return app;
}

/** Closes a new connection at once when its address already holds `max` open ones. */
function limitConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
