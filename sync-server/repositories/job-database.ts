import type { Db } from 'pg-boss';
import type { Sql } from '../database.ts';

/**
 * How long one of pg-boss's transactions waits for a connection of its own. postgres.js can leave a reservation
 * waiting for ever after its connection dropped while starting (seen in connection-drops.test.ts: a worker's fetch
 * held for good, and the queue's stop with it); past this it fails as a connection failure, which pg-boss's next poll
 * or maintenance run tries again.
 */
const reservationDeadlineMs = 10_000;

/**
 * pg-boss runs on the app's own postgres.js pool (decision 0023), so the embedded database's single connection
 * serves it too. A statement with parameters runs as it is, and so does text without them (several statements go as
 * one simple query, whose every statement's rows pg-boss reads), except pg-boss's locked sections: BEGIN ... COMMIT,
 * which postgres.js runs only on a connection of its own.
 */
export function jobDatabaseOf(sql: Sql): Db {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: await sql.unsafe(text, values as never[]) };
      if (!opensTransaction(text)) return { rows: rowsOfEveryStatement(await sql.unsafe(text)) };
      const connection = await reserveWithin(sql, reservationDeadlineMs);
      try {
        return { rows: rowsOfEveryStatement(await connection.unsafe(text)) };
      } catch (error) {
        // A statement that failed inside pg-boss's BEGIN leaves the connection in an aborted transaction.
        await connection.unsafe('rollback').catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

function opensTransaction(text: string): boolean {
  return /^\s*begin\b/i.test(text);
}

/** A connection of its own, or a connection failure after `deadlineMs`; one that comes later goes back at once. */
async function reserveWithin(sql: Sql, deadlineMs: number) {
  const reservation = sql.reserve();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reservation.then((connection) => connection.release(), () => {});
      reject(Object.assign(new Error(`no connection for a job queue transaction within ${deadlineMs} ms`), {
        code: 'CONNECT_TIMEOUT',
      }));
    }, deadlineMs);
  });
  try {
    return await Promise.race([reservation, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** postgres.js answers several statements as one array of rows per statement, and one statement as its rows. */
function rowsOfEveryStatement(result: readonly unknown[]): unknown[] {
  return Array.isArray(result[0]) ? (result as unknown[][]).flat() : [...result];
}
