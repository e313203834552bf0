import type { Sql, Transaction } from '../database.ts';

export type HeldTransaction = {
  /** Queries on it run in the open transaction; its locks are held until `commit`. */
  tx: Transaction;
  commit(): Promise<void>;
};

/** A transaction a test keeps open across other requests, to stop a writer between its lock and its commit. */
export async function openTransaction(sql: Sql): Promise<HeldTransaction> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let done: Promise<unknown> = Promise.resolve();
  const tx = await new Promise<Transaction>((opened, failed) => {
    done = sql.begin(async (tx) => {
      opened(tx);
      await released;
    });
    done.catch(failed);
  });
  return {
    tx,
    async commit() {
      release();
      await done;
    },
  };
}

/**
 * Resolves once `count` backends of this database wait for a lock: the way to know, without sleeping and hoping,
 * that a request has reached the lock another transaction holds.
 */
export async function lockWaiters(sql: Sql, count: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ waiting: number }[]>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
    `;
    if ((row?.waiting ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} backends waited for a lock within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
