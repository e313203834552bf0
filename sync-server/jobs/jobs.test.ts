import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskPhotoStorage } from '../photos/photo-storage.ts';
import { createRecordingNotifier, signUp, useTestApp } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';
import { startJobQueue, type JobLog, type JobQueue } from './job-queue.ts';
import { hearthJobs } from './jobs.ts';

const context = useTestApp();

const quiet: JobLog = { info() {}, warn() {}, error() {} };

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 15_000;) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited 15 s for ${what}`);
}

/** One server instance's job queue, as server.ts starts it, polling every `pollingIntervalSeconds`. */
function instance(pollingIntervalSeconds: number) {
  const notifier = createRecordingNotifier();
  const kinds = hearthJobs({
    sql: context.sql,
    notifier,
    photoStorage: diskPhotoStorage(join(tmpdir(), `hearth-jobs-${randomUUID()}`)),
    push: { contact: 'mailto:test@hearth.invalid', extraServiceOrigins: [] },
    log: quiet,
  });
  return { notifier, start: () => startJobQueue(context.sql, kinds, quiet, { pollingIntervalSeconds }) };
}

describe('the job queue', () => {
  it('tells a due reminder once across two instances, and a run asked for before a restart happens after it', async () => {
    const grandma = await signUp(context.app);
    const son = await signUp(context.app);
    const device = new TestDevice(context.app, grandma);
    const { familyId } = await createFamily(device);
    await addMember(context.sql, familyId, son.user.id);
    const remindedOf = async () =>
      context.sql<{ user_id: string; type: string }[]>`
        select user_id, type from notifications where family_id = ${familyId} and type like 'event_%'
      `;

    const planSoon = async (title: string) => {
      const eventId = randomUUID();
      await device.send({
        name: 'event.create',
        args: {
          eventId,
          familyId,
          title,
          description: null,
          location: null,
          startDate: new Date(Date.now() + 30 * 60 * 1000).toISOString(),
          endDate: null,
          timeZone: 'UTC',
          allDay: false,
        },
      });
      // Planned last week: both its reminders are due, and "in an hour" is the one still true.
      await context.sql`update events set created_at = now() - interval '7 days' where id = ${eventId}`;
    };

    await planSoon('Tea in half an hour');
    const first = instance(0.5);
    const second = instance(0.5);
    const queues: JobQueue[] = [await first.start(), await second.start()];
    try {
      await Promise.all(queues.flatMap((queue) => [queue.runSoon('occasions'), queue.runSoon('occasions')]));
      await waitFor(async () => (await remindedOf()).length === 2, 'both members to be reminded');
      expect(first.notifier.published.length + second.notifier.published.length).toBe(1);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
    expect((await remindedOf()).map((told) => told.type)).toEqual(['event_soon', 'event_soon']);

    // A run asked for just before a restart waits in the database... The instance that asks has no worker: one
    // polling however rarely still takes a job at its first fetch, which under load can come after the ask.
    await planSoon('Cake in half an hour');
    const stopping = await startJobQueue(context.sql, [], quiet);
    await stopping.runSoon('occasions');
    await stopping.stop();
    expect(await remindedOf()).toHaveLength(2);
    // ...and the instance that starts next does it.
    const restarted = await instance(0.5).start();
    try {
      await waitFor(async () => (await remindedOf()).length === 4, 'the reminders after the restart');
    } finally {
      await restarted.stop();
    }
  });
});
