import postgres from 'postgres';
import { endedTheSession } from './repositories/postgres-errors.ts';

/**
 * postgres.js (3.4.9) mishandles a connection that closes under it (a failover, a pooler restart,
 * `pg_terminate_backend`) in two ways that matter here (docs/upstream/postgres-js-closed-connection-writes.md,
 * docs/decisions/0032):
 *
 * - A transaction, a savepoint or a reserved connection goes on using its connection after it closed. The next
 *   statement (the driver's own ROLLBACK once the callback failed, its COMMIT, or the callback's next statement) is
 *   written to a socket that is gone: an uncaught TypeError from a `setImmediate`, which ends the process and leaves
 *   that connection unable to connect again; or, once the pool has reconnected it, it runs on a new session, outside
 *   the transaction. So here a transaction's or a reserved connection's statements run only while it is open: once
 *   one of them failed for a lost session (or the transaction is over, or the connection released), a statement is
 *   refused with CONNECTION_CLOSED instead of reaching the driver, and a transaction or savepoint callback that ends
 *   afterwards never hands its ending back to the driver, which therefore writes neither ROLLBACK nor COMMIT. The
 *   transaction fails with the driver's own CONNECTION_CLOSED, and the request answers 503.
 * - The connection keeps the dead session's error and fails the first statement it takes once reconnected with it,
 *   a statement that never reached the database. Such a statement (a pool's, a BEGIN, a reservation) is run once
 *   more, so a drop costs only the work that was on it.
 *
 * Applied to every pool of the app by `connect` (database.ts).
 */
export function guardClosedConnections(sql: postgres.Sql): postgres.Sql {
  const begin = sql.begin as (...args: unknown[]) => Promise<unknown>;
  const unsafe = sql.unsafe as (...args: unknown[]) => unknown;
  function guardedBegin(...args: unknown[]): Promise<unknown> {
    const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
    const attempt = () => {
      const scope: Scope = { open: true };
      const state = { began: false, ended: Promise.resolve() as Promise<unknown> };
      state.ended = begin(...args, (tx: postgres.TransactionSql) => {
        state.began = true;
        return settleWhileOpen(scope, () => callback(guardStatements(tx, scope)));
      });
      // However it ended (commit, rollback, its connection closing under it), nothing of it runs any more: the
      // connection is back in the pool, or gone.
      const close = () => {
        scope.open = false;
      };
      state.ended.then(close, close);
      return state;
    };
    const first = attempt();
    return first.ended.catch((error: unknown) => {
      if (!first.began && neverRan(error)) return attempt().ended;
      throw error;
    });
  }
  async function guardedReserve(): Promise<postgres.ReservedSql> {
    const reserved = await sql.reserve().catch((error: unknown) => {
      if (neverRan(error)) return sql.reserve();
      throw error;
    });
    return guardStatements(reserved, { open: true });
  }
  return new Proxy(sql, {
    apply: (target, thisArg, args) => runAgainIfNeverRan(Reflect.apply(target, thisArg, args)),
    get(target, property, receiver) {
      if (property === 'unsafe') return (...args: unknown[]) => runAgainIfNeverRan(unsafe(...args));
      if (property === 'begin') return guardedBegin;
      if (property === 'reserve') return guardedReserve;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/**
 * The server says FATAL only to end a session or refuse to start one, and postgres.js hands such an error to a
 * statement only while the statement waits for its connection to start: the start was refused, or the connection
 * replays the error of the session it had before (the statement that was running then failed with
 * CONNECTION_CLOSED). Either way the statement never reached the database, and running it again is safe.
 */
function neverRan(error: unknown): boolean {
  return error instanceof postgres.PostgresError && error.severity === 'FATAL';
}

/** A pool's statement handed an error before it ran is handed to the pool once more. */
function runAgainIfNeverRan(made: unknown): unknown {
  if (!(made instanceof Promise)) return made;
  const query = made as DriverQuery;
  const reject = query.reject;
  query.reject = (error: unknown) => {
    query.reject = reject;
    // After the driver is done with the connection that failed it.
    if (neverRan(error)) queueMicrotask(() => query.handler(query));
    else reject(error);
  };
  return made;
}

/** Whether the statements of one transaction (its savepoints included) or reserved connection may still run. */
type Scope = { open: boolean };

/** A postgres.js query as it is inside: run by its `handler` once awaited. */
type DriverQuery = Promise<unknown> & {
  handler: ((query: DriverQuery) => unknown) & { debug?: unknown };
  reject(error: unknown): void;
};

/** The error a statement of a closed scope fails with, read like the driver's own (a 503, never a bug). */
function connectionClosed(): Error {
  return Object.assign(new Error('write CONNECTION_CLOSED (the connection of this transaction has closed)'), {
    code: 'CONNECTION_CLOSED',
  });
}

/**
 * `run`'s outcome, as long as the scope is still open when it comes; never settles otherwise, so that the driver,
 * waiting on it, writes nothing more on a connection that is gone. Nothing holds on to it then: it is collected.
 */
function settleWhileOpen(scope: Scope, run: () => unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    Promise.resolve()
      .then(() => {
        const result = run();
        // As the driver does: a callback may answer an array of queries.
        return Array.isArray(result) ? Promise.all(result) : result;
      })
      .then(
        (value) => {
          if (scope.open) resolve(value);
        },
        (error: unknown) => {
          if (endedTheSession(error)) scope.open = false;
          if (scope.open) reject(error);
        },
      );
  });
}

type AnySql = postgres.TransactionSql | postgres.ReservedSql;

function guardStatements<S extends AnySql>(sql: S, scope: Scope): S {
  const loose = sql as unknown as {
    unsafe(...args: unknown[]): unknown;
    savepoint(...args: unknown[]): Promise<unknown>;
    release(): void;
  };
  return new Proxy(sql, {
    apply: (target, thisArg, args) => guardStatement(Reflect.apply(target, thisArg, args), scope),
    get(target, property, receiver) {
      if (property === 'unsafe') return (...args: unknown[]) => guardStatement(loose.unsafe(...args), scope);
      if (property === 'savepoint') {
        return (...args: unknown[]) => {
          if (!scope.open) return Promise.reject(connectionClosed());
          const callback = args.pop() as (savepoint: postgres.TransactionSql) => unknown;
          return loose.savepoint(...args, (savepoint: postgres.TransactionSql) =>
            settleWhileOpen(scope, () => callback(guardStatements(savepoint, scope))),
          );
        };
      }
      if (property === 'release' && 'release' in target) {
        return () => {
          // After its connection closed the pool has taken it back already: releasing it again would put a
          // connection with no socket among the open ones.
          if (scope.open) loose.release();
          scope.open = false;
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/**
 * A statement made through a guarded scope runs only if the scope is open when the driver takes it (a tick after it
 * is awaited), and closes the scope if it fails for a lost connection. That failure is seen before any later
 * statement is taken, whatever awaited this one.
 */
function guardStatement(made: unknown, scope: Scope): unknown {
  // tx(name), tx(object): a fragment for another statement, not a statement.
  if (!(made instanceof Promise)) return made;
  const query = made as DriverQuery;
  const run = query.handler;
  query.handler = Object.assign(
    (statement: DriverQuery) => {
      if (!scope.open) return statement.reject(connectionClosed());
      Promise.prototype.then.call(statement, undefined, (error: unknown) => {
        if (endedTheSession(error)) scope.open = false;
      });
      return run(statement);
    },
    { debug: run.debug },
  );
  return made;
}
