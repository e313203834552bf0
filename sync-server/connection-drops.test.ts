import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { pushResponseSchema, type PushedMutation } from '../schema/index.ts';
import { buildApp } from './app.ts';
import { connect } from './database.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import { runMigrations } from './migrate.ts';
import { handleUnhandledFailures } from './process-failures.ts';
import { createPostgresNotifier } from './sync-notifier.ts';
import { isPoke, openLiveStream, type LiveStream } from './testing/live-stream.ts';
import { testConfig } from './testing/test-app.ts';
import { createTestDatabase } from './testing/test-database.ts';
import { addMember, createFamily, familyVersion, signUpPerson, type TestDevice } from './testing/test-device.ts';

const terminations = 10;
const writers = 4;
/** The app's engine gives up on a request with no answer by then and sends it again (`requestTimeoutMs`). */
const deviceGivesUpMs = 30_000;

/**
 * PostgreSQL ends every session of the server's (a failover, a pooler restart, an idle timeout; here
 * `pg_terminate_backend`) again and again while devices push and a live stream is open. The server must answer the
 * writes caught on a dropped connection with a 503 their device retries, and nothing worse: no crash, no write lost
 * or applied twice; its LISTEN comes back and pokes the stream, its job queue runs again. The server's own policy for
 * failures nobody handled (process-failures.ts) watches the process: had it decided to stop, the test fails.
 * About 10 s alone, 25 s beside other tests under load. Every wait has a deadline that names what did not happen, and
 * the summary gives the slowest round: once on CI the test ran out its 180 s and said nothing of where (it was the
 * job queue's stop: job-database.ts). A device gives up on a push unanswered in 30 s and sends it again, as the app
 * does; about one run in twenty under load has one, right after the pool's sessions ended (cause not found yet).
 */
describe.skipIf(!process.env.DATABASE_URL)('the server when PostgreSQL drops its connections', () => {
  it(`survives ${terminations} terminations of all its sessions during a write burst and a live stream`, async () => {
    const stops: unknown[] = [];
    let failed!: (reason: unknown) => void;
    const failure = new Promise<never>((_, reject) => (failed = reject));
    failure.catch(() => {});
    const survived: unknown[] = [];
    const removeHandlers = handleUnhandledFailures(
      {
        warn: (report) => survived.push(report),
        fatal: (report, message) => {
          stops.push(report);
          failed(new Error(`the server would have stopped (${message}): ${String((report as { err: unknown }).err)}`));
        },
      },
      () => {},
    );
    let round = 0;
    /** Waits for `event`, failing as soon as the server would have stopped, or after `seconds` naming `what`. */
    const until = <T>(what: string, event: Promise<T>, seconds = 30): Promise<T> => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(async () => {
          // What the database was doing then, for whoever reads the failure.
          const sessions = await admin`
            select state, wait_event_type, wait_event, left(query, 80) as query from pg_stat_activity
            where datname = ${databaseName}
          `.catch(() => []);
          reject(new Error(`${what}: nothing within ${seconds} s (round ${round}); ${JSON.stringify(sessions)}`));
        }, seconds * 1000);
      });
      return Promise.race([event, failure, deadline]).finally(() => clearTimeout(timer));
    };

    const database = await createTestDatabase();
    const databaseName = new URL(database.url).pathname.slice(1);
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const sql = connect(database.url, database.poolMax);
    await runMigrations(sql);
    const notifier = await createPostgresNotifier(sql);
    const app = await buildApp({ config: testConfig(), sql, notifier });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    let probeRan = () => {};
    let stopping = false;
    let abandoned = false;
    let bursts: Promise<void>[] = [];
    let stream: LiveStream | undefined;
    const quiet = { info() {}, warn() {}, error() {} };
    const jobs = await startJobQueue(sql, [{ name: 'probe', run: async () => probeRan() }], quiet, {
      pollingIntervalSeconds: 0.5,
    });
    try {
      // A family whose members write as fast as they can, and a quiet one nobody writes to, whose member listens.
      const people = await Promise.all(Array.from({ length: writers }, () => signUpPerson(app)));
      const { familyId } = await createFamily(people[0]!.device);
      for (const person of people.slice(1)) await addMember(sql, familyId, person.account.user.id);
      const listener = await signUpPerson(app);
      const { familyId: quietFamilyId } = await createFamily(listener.device, 'The Quiet Ones');
      const quietVersion = await familyVersion(sql, quietFamilyId);
      stream = await openLiveStream(url, listener.account.cookie);
      expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });

      const written: string[] = [];
      const answered503 = new Set<string>();
      let answers503 = 0;
      let unanswered = 0;
      let acknowledged = () => {};
      /** A device as the app is one: writes queue, the queue is pushed in order, a 503 keeps it for the next try. */
      async function burst(device: TestDevice): Promise<void> {
        const outbox: { postId: string; mutation: PushedMutation }[] = [];
        while (!abandoned && (!stopping || outbox.length > 0)) {
          if (!stopping && outbox.length < 3) {
            const postId = randomUUID();
            const [mutation] = device.queue({ name: 'post.create', args: { postId, familyId, content: postId } });
            outbox.push({ postId, mutation: mutation! });
            written.push(postId);
          }
          const pushed = device.postPush(outbox.map((entry) => entry.mutation));
          const response = await until('an answer to a push', Promise.race([pushed, given(deviceGivesUpMs)]), 60);
          if (!response) {
            // Sent again, as the app does: rare, after the pool's sessions ended (see the summary's count).
            unanswered += 1;
            for (const { postId } of outbox) answered503.add(postId);
            continue;
          }
          expect([200, 503]).toContain(response.statusCode);
          const answer = pushResponseSchema.safeParse(response.json());
          if (response.statusCode === 503) {
            answers503 += 1;
            expect(response.headers['retry-after']).toBe('2');
          } else {
            expect(answer.success).toBe(true);
          }
          if (!answer.success) {
            // Stopped before the push began (the session check, the device's row): all of it is sent again.
            for (const { postId } of outbox) answered503.add(postId);
            continue;
          }
          device.epoch = answer.data.epoch;
          expect(answer.data.gap).toBeUndefined();
          // Applied now, or already (its commit's answer was lost with the connection): never refused.
          for (const result of answer.data.results) expect(result).not.toHaveProperty('reason');
          const done = outbox.filter((entry) => entry.mutation.seq <= answer.data.lastAppliedSeq).length;
          outbox.splice(0, done);
          if (response.statusCode === 503) for (const { postId } of outbox) answered503.add(postId);
          if (done > 0) acknowledged();
        }
      }
      bursts = people.map((person) => burst(person.device));
      // A device that stops on an answer it did not expect fails the test at once, not at its timeout.
      for (const each of bursts) each.catch(failed);

      let sessionsEnded = 0;
      let slowestRoundMs = 0;
      for (round = 1; round <= terminations; round += 1) {
        const roundStarted = Date.now();
        // Writes are going through (the pool is back)...
        await until('a write acknowledged', new Promise<void>((resolve) => (acknowledged = resolve)));
        const listening = new Promise<void>((resolve) => {
          const stop = notifier.onChangesMissed(() => {
            stop();
            resolve();
          });
        });
        // ...and every session of the server's ends: those of its pool first (each gone before the next), then its
        // LISTEN, so that what it does once it listens again meets no session still on its way out.
        for (const listening of [false, true]) {
          const ended = await admin`
            select pg_terminate_backend(pid, 10000) from pg_stat_activity
            where datname = ${databaseName} and pid <> pg_backend_pid()
              and (query ilike 'listen%') = ${listening}
          `;
          sessionsEnded += ended.length;
        }
        await until('listening again', listening);
        // Back to listening, the server pokes the stream for its family: its device pulls whatever it missed.
        const poke = await until('the poke', stream.next(isPoke(quietFamilyId), 30_000));
        expect(JSON.parse(poke.data!)).toEqual({ familyId: quietFamilyId, version: quietVersion });
        slowestRoundMs = Math.max(slowestRoundMs, Date.now() - roundStarted);
      }
      stopping = true;
      await until('the devices sending what they hold', Promise.all(bursts), 90);

      // The job queue works again.
      const ran = new Promise<void>((resolve) => (probeRan = resolve));
      await until('a job asked for', jobs.runSoon('probe'));
      await until('the job run', ran);

      const stored = await sql<{ id: string }[]>`select id from posts where family_id = ${familyId} order by id`;
      expect(stored.map((row) => row.id)).toEqual([...written].sort());
      expect(answered503.size).toBeGreaterThan(0);
      for (const postId of answered503) expect(stored.some((row) => row.id === postId)).toBe(true);
      expect(stream.ended).toBe(false);
      expect(stops).toEqual([]);
      console.log(
        `${terminations} terminations (${sessionsEnded} sessions ended), ${writers} devices pushing, 1 live stream: ` +
          `${written.length} writes, ${answers503} answers 503, ${unanswered} pushes unanswered in ` +
          `${deviceGivesUpMs / 1000} s (${answered503.size} writes sent again), ` +
          `${stored.length} stored once each; ${survived.length} dropped sessions under a query nobody awaited ` +
          `survived; slowest round ${slowestRoundMs} ms`,
      );
    } finally {
      // A failed test leaves the devices pushing: they stop before the server does (each push has its deadline).
      abandoned = true;
      stream?.close();
      await Promise.allSettled(bursts);
      removeHandlers();
      await app.close();
      await jobs.stop();
      await notifier.close();
      await sql.end({ timeout: 5 });
      await admin.end();
      await database.close();
    }
  }, 180_000);
});

/** Resolves with null after `ms`, without keeping the process alive. */
function given(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms).unref());
}
