import type { Sql } from '../database.ts';
import { forgetOldNotifications, housekeepingPolicy, runHousekeeping } from '../housekeeping.ts';
import { forgetUnusedPhotoBytes } from '../photos/photo-files.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { sendDueDigests } from '../mail/email-digest.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deliverPendingPushes, type PushSettings } from '../push/push-delivery.ts';
import { isKnownTransientError } from '../repositories/postgres-errors.ts';
import { publishChanges, type SyncNotifier } from '../sync-notifier.ts';
import { startJobQueue, type JobKind, type JobLog, type JobQueue } from './job-queue.ts';
import { tellDueOccasions } from './occasions.ts';
import { buildNextExport, forgetExpiredExports } from '../exports/data-exports.ts';

export type JobDependencies = {
  sql: Sql;
  notifier: SyncNotifier;
  photoStorage: PhotoStorage;
  push: PushSettings;
  /** Email, when SMTP is configured: the digest links to the app at `origin`. */
  mail?: { mailer: Mailer; origin: string };
  log: JobLog;
};

/** Everything Hearth does on its own, on a schedule or when asked (decision 0023). */
export function hearthJobs({ sql, notifier, photoStorage, push, mail, log }: JobDependencies): JobKind[] {
  const kinds: JobKind[] = [
    {
      name: 'housekeeping',
      every: housekeepingPolicy.every,
      async run() {
        const report = await runHousekeeping(sql);
        return {
          ...report,
          notifications: await forgetOldNotifications(sql),
          exports: await forgetExpiredExports(sql, photoStorage),
          photoBytes: await forgetUnusedPhotoBytes(sql, photoStorage),
        };
      },
    },
    {
      name: 'occasions',
      // Every minute: "in an hour" is said within a minute of its time.
      every: '* * * * *',
      async run() {
        const changes = await tellDueOccasions(sql);
        // Devices with the app open see a reminder at once, like any other write.
        publishChanges(notifier, changes, log);
        return changes.length > 0 ? { families: changes.length } : undefined;
      },
    },
    {
      // Asked for by POST /api/exports; the minute's schedule also picks up one an instance stopped building.
      name: 'exports',
      every: '* * * * *',
      async run() {
        let built = 0;
        for (let change = await buildNextExport(sql, photoStorage); change !== undefined;) {
          built += 1;
          if (change) publishChanges(notifier, [change], log);
          change = await buildNextExport(sql, photoStorage);
        }
        return built > 0 ? { built } : undefined;
      },
    },
    {
      // Pushes go out as their notifications commit (startHearthJobs); this catches any an instance stopped before.
      name: 'push',
      every: '* * * * *',
      async run() {
        const report = await deliverPendingPushes(sql, push, log);
        return report.pushed + report.gone > 0 ? report : undefined;
      },
    },
  ];
  if (mail) {
    kinds.push({
      // Hourly: each person's comes in the first run after 8:00 where they are.
      name: 'digest',
      every: '5 * * * *',
      async run() {
        const report = await sendDueDigests(sql, mail);
        return report.sent > 0 ? report : undefined;
      },
    });
  }
  return kinds;
}

/**
 * Starts the queue, and pushes each notification as soon as it is written: every published change (from any
 * instance) sweeps for notifications waiting to be pushed, one sweep at a time per instance, the next one gathering
 * every change that came meanwhile. Claiming makes instances sweeping together push each one once.
 */
export async function startHearthJobs(dependencies: JobDependencies): Promise<JobQueue> {
  const { sql, notifier, push, log } = dependencies;
  const queue = await startJobQueue(sql, hearthJobs(dependencies), log);
  const sweep = oneAtATime(() => deliverPendingPushes(sql, push, log), log);
  const unsubscribe = notifier.subscribe(sweep.request);
  return {
    runSoon: queue.runSoon,
    async stop() {
      unsubscribe();
      await sweep.idle();
      await queue.stop();
    },
  };
}

/** Runs `work` when asked, never twice at once: asks made while it runs make one more run after it. */
function oneAtATime(work: () => Promise<unknown>, log: JobLog) {
  let running: Promise<void> | null = null;
  let again = false;
  const start = () => {
    running = work()
      .then(() => undefined)
      .catch((error: unknown) => {
        // The database failing for a moment is no bug: the minute's `push` run sends what this sweep did not.
        if (isKnownTransientError(error)) log.warn({ err: error }, 'push sweep failed');
        else log.error({ err: error }, 'push sweep failed');
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          start();
        }
      });
  };
  return {
    request() {
      if (running) again = true;
      else start();
    },
    async idle() {
      while (running) await running;
    },
  };
}
