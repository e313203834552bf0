import type { FastifyInstance } from 'fastify';
import { buildApp, photoStorageOf } from './app.ts';
import { loadConfig } from './config.ts';
import { audioToolsAdvice, audioToolsFound } from './voice/voice-audio.ts';
import { openDatabase, type Database } from './database.ts';
import { runMigrations } from './migrate.ts';
import { startHearthJobs } from './jobs/jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { failStartup } from './operator-error.ts';
import { handleUnhandledFailures } from './process-failures.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { createLocalNotifier, createPostgresNotifier, type SyncNotifier } from './sync-notifier.ts';

async function start(): Promise<{
  app: FastifyInstance;
  database: Database;
  notifier: SyncNotifier;
  jobs: JobQueue;
}> {
  const config = loadConfig();
  const photoStorage = photoStorageOf(config);
  const database = await openDatabase(config);
  let notifier: SyncNotifier | undefined;
  let jobs: JobQueue | undefined;
  try {
    const applied = await runMigrations(database.sql);
    notifier = config.syncNotify === 'postgres' ? await createPostgresNotifier(database.sql) : createLocalNotifier();
    const app = await buildApp({
      config,
      sql: database.sql,
      notifier,
      photoStorage,
      runJobSoon: async (name) => jobs?.runSoon(name),
      embeddedIsRunning: database.isRunning,
    });
    const address = await app.listen({ port: config.port, host: config.host });
    const origin = config.publicUrl?.origin ?? address;
    jobs = await startHearthJobs({
      sql: database.sql,
      notifier,
      photoStorage,
      push: { contact: config.pushContact, extraServiceOrigins: config.pushServiceOrigins },
      mail: config.mail && { mailer: createMailer(config.mail), origin },
      log: app.log,
    }).catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
    for (const migration of applied) console.log(`Applied migration ${migration.version} (${migration.name})`);
    console.log(`Hearth is serving ${origin} (database: ${database.location})`);
    // Voice notes need ffmpeg; everything else works without it (docs/decisions/0052-voice-notes.md).
    if (!audioToolsFound()) console.warn(audioToolsAdvice);
    // Under `npm start`, the supervisor starts a server that served again when it stops (supervisor.ts).
    if (process.send) {
      process.send('serving');
      process.channel?.unref();
    }
    return { app, database, notifier, jobs };
  } catch (error) {
    await jobs?.stop();
    await notifier?.close();
    await database.close();
    throw error;
  }
}

const { app, database, notifier, jobs } = await start().catch(failStartup);

let stopping = false;
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  // A second Ctrl-C while closing means "now".
  if (stopping) process.exit(1);
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await jobs.stop();
    await notifier.close();
    await database.close();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
process.on('SIGINT', (signal) => void shutDown(signal));
process.on('SIGTERM', (signal) => void shutDown(signal));

// A dropped database session is survived; any other failure nobody handled stops the server (docs/decisions/0033).
handleUnhandledFailures(app.log, () => process.exit(1));
