import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Queryable, type Sql } from './database.ts';
import { isKnownTransientError } from './repositories/postgres-errors.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

/**
 * A transaction's or reserved connection's connection closing under it (driver-workarounds.ts): the work on it fails
 * as a connection error and nothing else happens, neither a crash nor a statement run outside its transaction, and
 * the pool's next statement runs as if nothing happened. `pg_terminate_backend` needs a real PostgreSQL.
 */
describe('a statement after one that failed while its rows came', () => {
  it('gets its own rows, from the first place on', async () => {
    const database = await createTestDatabase();
    // One connection: the second statement follows the first on it.
    const sql = connect(database.url, 1);
    try {
      const failing = sql`select i, 1 / (4 - i) as share from generate_series(1, 10) i`;
      await expect(failing).rejects.toMatchObject({ code: '22012' });
      const rows = await sql<{ x: number }[]>`select x from generate_series(1, 5) x`;
      expect(rows.length).toBe(5);
      expect([...rows]).toEqual([1, 2, 3, 4, 5].map((x) => ({ x })));
    } finally {
      await sql.end();
      await database.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a connection closing under its transaction', () => {
  let database: TestDatabase;
  let admin: Sql;
  const crashes: unknown[] = [];
  const recordCrash = (error: unknown) => crashes.push(error);
  const pools: Sql[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = connect(database.url, 1);
    await admin`create table kept (id int primary key)`;
    process.on('uncaughtException', recordCrash);
    process.on('unhandledRejection', recordCrash);
  });

  afterEach(async () => {
    // Whatever the driver was going to do with the dead connection has happened by the time the pool has answered
    // again on a fresh one (the test does that last).
    expect(crashes.splice(0)).toEqual([]);
    await admin`delete from kept`;
  });

  afterAll(async () => {
    process.off('uncaughtException', recordCrash);
    process.off('unhandledRejection', recordCrash);
    for (const pool of pools) await pool.end({ timeout: 0 });
    await admin.end();
    await database.close();
  });

  /** One connection, so the one that closes is the very one the pool reconnects for its next query. */
  function pool(): Sql {
    const sql = connect(database.url, 1);
    pools.push(sql);
    return sql;
  }

  const terminate = (pid: number) => admin`select pg_terminate_backend(${pid})`;
  const pidOf = async (sql: Queryable) => (await sql<{ pid: number }[]>`select pg_backend_pid() as pid`)[0]!.pid;
  /**
   * The pool answers its next query. postgres.js would hand that one the dead session's error, which it keeps; the
   * guard runs it again (it never reached the database).
   */
  async function servesAgain(sql: Sql): Promise<void> {
    expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
  }
  const keptIds = async () => (await admin<{ id: number }[]>`select id from kept order by id`).map((row) => row.id);

  it('fails the transaction whose statement was running, writes nothing and serves the next query', async () => {
    const sql = pool();
    const outcome = sql.begin(async (tx) => {
      const pid = await pidOf(tx);
      await tx`insert into kept values (1)`;
      const running = tx`select pg_sleep(30)`.execute();
      // Its failure may come before the terminating statement has answered: the transaction's, read below.
      running.catch(() => {});
      await terminate(pid);
      await running;
    });
    const error = await outcome.catch((failure: unknown) => failure);
    expect(isKnownTransientError(error)).toBe(true);
    await servesAgain(sql);
    expect(await keptIds()).toEqual([]);
  });

  it('does the same inside a savepoint, whose rollback the driver would write to the closed connection', async () => {
    const sql = pool();
    const outcome = sql.begin(async (tx) => {
      const pid = await pidOf(tx);
      await tx`insert into kept values (1)`;
      await tx.savepoint(async (savepoint) => {
        await savepoint`insert into kept values (2)`;
        const running = savepoint`select pg_sleep(30)`.execute();
        running.catch(() => {});
        await terminate(pid);
        await running;
      });
    });
    expect(isKnownTransientError(await outcome.catch((failure: unknown) => failure))).toBe(true);
    await servesAgain(sql);
    expect(await keptIds()).toEqual([]);
  });

  it('runs nothing more of a transaction whose connection closed while it waited for something else', async () => {
    const sql = pool();
    let carryOn!: () => void;
    const otherWork = new Promise<void>((resolve) => (carryOn = resolve));
    let pid!: number;
    let inTransaction!: () => void;
    const started = new Promise<void>((resolve) => (inTransaction = resolve));
    let laterStatement!: Promise<unknown>;
    let madeLaterStatement!: () => void;
    const made = new Promise<void>((resolve) => (madeLaterStatement = resolve));
    const outcome = sql.begin(async (tx) => {
      pid = await pidOf(tx);
      await tx`insert into kept values (1)`;
      inTransaction();
      // A file being stored, say, while the connection goes.
      await otherWork;
      laterStatement = tx`insert into kept values (2)`.execute();
      madeLaterStatement();
      await laterStatement;
    });
    // Caught from the start: the transaction may fail before the terminating statement has answered.
    const failure = outcome.catch((error: unknown) => error);
    await started;
    await terminate(pid);
    expect(isKnownTransientError(await failure)).toBe(true);
    // The pool's one connection is connected again, to a new session, which the rest of the transaction must not
    // reach: there it would commit on its own.
    expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
    carryOn();
    await made;
    expect(isKnownTransientError(await laterStatement.catch((failure: unknown) => failure))).toBe(true);
    expect(await keptIds()).toEqual([]);
  });

  it('neither writes to nor hands back to the pool a reserved connection that closed', async () => {
    const sql = pool();
    const reserved = await sql.reserve();
    const pid = await pidOf(reserved);
    await reserved`begin`;
    await reserved`insert into kept values (1)`;
    const failure = reserved`select pg_sleep(30)`.execute().catch((error: unknown) => error);
    await terminate(pid);
    expect(isKnownTransientError(await failure)).toBe(true);
    // What jobs/job-queue.ts does after a failed statement: roll back, release.
    await reserved`rollback`.catch(() => {});
    reserved.release();
    await servesAgain(sql);
    expect(await keptIds()).toEqual([]);
  });
});
