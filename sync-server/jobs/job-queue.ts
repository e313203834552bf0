import { PgBoss } from 'pg-boss';
import type { Sql } from '../database.ts';
import { jobDatabaseOf } from '../repositories/job-database.ts';
import { isKnownTransientError } from '../repositories/postgres-errors.ts';

export type JobLog = {
  info(report: object, message: string): void;
  warn(report: object, message: string): void;
  error(failure: object, message: string): void;
};

/**
 * One kind of work: `run` does it; `every` (a cron expression, UTC) schedules it on its own, once per occurrence
 * across every instance. A job that throws is tried again (pg-boss's retries), so `run` must be safe to repeat.
 */
export type JobKind = {
  name: string;
  every?: string;
  run(): Promise<object | void>;
};

export type JobQueue = {
  /** Asks for a run of `name` soon. Sends made while one is waiting are the same run (the queue is "stately"). */
  runSoon(name: string): Promise<void>;
  stop(): Promise<void>;
};

/** Where pg-boss keeps its tables: a schema of its own, installed and migrated by pg-boss itself. */
export const jobSchema = 'hearth_jobs';

/**
 * Starts the queue and a worker for every kind. Each kind's queue is "stately": at most one run waiting and one
 * running, whatever number of instances and sends, so a burst of requests is one run and a schedule's occurrence
 * is one run cluster-wide. A restart loses nothing: waiting runs stay in the database, and every kind's `run`
 * works from the database's state (what is due), not from the job that asked.
 */
export async function startJobQueue(
  sql: Sql,
  kinds: JobKind[],
  log: JobLog,
  { pollingIntervalSeconds = 2 }: { pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({ db: jobDatabaseOf(sql), schema: jobSchema, application_name: 'hearth-jobs' });
  boss.on('error', (error) => {
    // A dropped connection fails a poll or a run, which the next one does again: not a bug.
    if (isKnownTransientError(error)) log.warn({ err: error }, 'job queue error');
    else log.error({ err: error }, 'job queue error');
  });
  await boss.start();
  for (const kind of kinds) {
    await boss.createQueue(kind.name, { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true });
    if (kind.every) await boss.schedule(kind.name, kind.every, null, { missed: 'once' });
    await boss.work(kind.name, { pollingIntervalSeconds }, async () => {
      const report = await kind.run();
      if (report) log.info(report, `${kind.name} done`);
    });
  }
  return {
    async runSoon(name) {
      await boss.send(name, null);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
