import type { Sql } from '../database.ts';
import { housekeepingPolicy, runHousekeeping } from '../housekeeping.ts';
import { forgetUnusedPhotoBytes } from '../photos/photo-files.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { publishChanges, type SyncNotifier } from '../sync-notifier.ts';
import { startJobQueue, type JobKind, type JobLog, type JobQueue } from './job-queue.ts';
import { tellDueOccasions } from './occasions.ts';

export type JobDependencies = {
  sql: Sql;
  notifier: SyncNotifier;
  photoStorage: PhotoStorage;
  log: JobLog;
};

/** Everything Hearth does on its own, on a schedule or when asked (decision 0023). */
export function hearthJobs({ sql, notifier, photoStorage, log }: JobDependencies): JobKind[] {
  return [
    {
      name: 'housekeeping',
      every: housekeepingPolicy.every,
      async run() {
        const report = await runHousekeeping(sql);
        return { ...report, photoBytes: await forgetUnusedPhotoBytes(sql, photoStorage) };
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
  ];
}

export function startHearthJobs(dependencies: JobDependencies): Promise<JobQueue> {
  return startJobQueue(dependencies.sql, hearthJobs(dependencies), dependencies.log);
}
