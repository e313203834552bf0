import postgres from 'postgres';
import { endedTheSession } from './repositories/postgres-errors.ts';

/**
 * Workarounds for how postgres.js (3.4.9) handles a connection that fails under it: a failover, a pooler restart,
 * `pg_terminate_backend`, a statement failing while its rows come. Each is a driver bug reported upstream
 * (docs/upstream/postgres-js-dropped-connections.md, docs/decisions/0032); drop each once the driver fixes it.
 * Applied to every pool of the app by `connect` (database.ts).
 *
 * 1. Work after its connection closed. A transaction, a savepoint or a reserved connection goes on using its
 *    connection after it closed: the next statement (the driver's own ROLLBACK once the callback failed, its COMMIT,
 *    or the callback's next statement) is written to a socket that is gone, an uncaught TypeError from a
 *    `setImmediate` that ends the process and leaves that connection unable to connect again; or, once the pool has
 *    reconnected it, it runs on a new session, outside the transaction. Here a transaction's or a reserved
 *    connection's statements run only while it is open: once one of them failed for a lost session (or the
 *    transaction is over, or the connection released), a statement is refused with CONNECTION_CLOSED, and a
 *    transaction or savepoint callback that ends afterwards never hands its ending back to the driver, which
 *    therefore writes neither ROLLBACK nor COMMIT. The transaction fails with the driver's own CONNECTION_CLOSED: 503.
 * 2. A dead session's error, replayed. The reconnected connection fails the first statement it takes with the error
 *    that ended its previous session: a statement that never reached the database. Such a statement (a pool's, a
 *    BEGIN, a reservation) is run once more.
 * 3. Rows after holes. The connection counts a result's rows and resets the count only when a statement completes:
 *    after one that failed or dropped while its rows came, the next statement's rows come after as many holes
 *    (`const [row] = ...` reads nothing: a session looks gone, a person is signed out). The rows themselves are
 *    right and in order: they are moved back to the front.
 */
export function withDriverWorkarounds(sql: postgres.Sql): postgres.Sql {
  const begin = sql.begin as (...args: unknown[]) => Promise<unknown>;
  const unsafe = sql.unsafe as (...args: unknown[]) => unknown;
  function guardedBegin(...args: unknown[]): Promise<unknown> {
    const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
    const attempt = () => {
      const scope: Scope = { open: true };
      const state = { began: false, ended: Promise.resolve() as Promise<unknown> };
      state.ended = begin(...args, (tx: postgres.TransactionSql) => {
        state.began = true;
        return settleWhileOpen(scope, () => callback(scopedStatements(tx, scope)));
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
    return scopedStatements(reserved, { open: true });
  }
  const connections = sql.options.max;
  return new Proxy(sql, {
    apply: (target, thisArg, args) => poolStatement(Reflect.apply(target, thisArg, args), connections),
    get(target, property, receiver) {
      if (property === 'unsafe') return (...args: unknown[]) => poolStatement(unsafe(...args), connections);
      if (property === 'begin') return guardedBegin;
      if (property === 'reserve') return guardedReserve;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** A postgres.js query as it is inside: run by its `handler` once awaited, settled through `resolve` or `reject`. */
type DriverQuery = Promise<unknown> & {
  handler: ((query: DriverQuery) => unknown) & { debug?: unknown };
  resolve(value: unknown): void;
  reject(error: unknown): void;
};

/** tx`...`, tx.unsafe(...) make a statement; tx(name), tx(object) a fragment for one, left as it is. */
function asStatement(made: unknown): DriverQuery | null {
  return made instanceof Promise ? (made as DriverQuery) : null;
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

/**
 * A pool's statement: run again when handed an error before it ran (2), as many times as the pool has connections
 * (each may replay its dead session's error once); its rows closed up (3).
 */
function poolStatement(made: unknown, connections: number): unknown {
  const query = asStatement(made);
  if (!query) return made;
  closeUpRows(query);
  const reject = query.reject;
  let tries = 0;
  query.reject = (error: unknown) => {
    tries += 1;
    // Once the driver is done with the connection that failed it.
    if (neverRan(error) && tries <= connections) queueMicrotask(() => query.handler(query));
    else reject(error);
  };
  return made;
}

/** Rows start at the front of a result (3); for a query of several statements, of each statement's result. */
function closeUpRows(query: DriverQuery): void {
  const resolve = query.resolve;
  query.resolve = (value: unknown) => {
    if (Array.isArray(value)) {
      closeUp(value);
      for (const part of value) if (Array.isArray(part)) closeUp(part);
    }
    resolve(value);
  };
}

/** A result never has a hole of its own: leading ones are the driver's (3). */
function closeUp(rows: unknown[]): void {
  let holes = 0;
  while (holes < rows.length && !(holes in rows)) holes += 1;
  if (holes === 0) return;
  rows.copyWithin(0, holes);
  rows.length -= holes;
}

/** Whether the statements of one transaction (its savepoints included) or reserved connection may still run (1). */
type Scope = { open: boolean };

/** The error a statement of a closed scope fails with, read like the driver's own (a 503, never a bug). */
function connectionClosed(): Error {
  return Object.assign(new Error('write CONNECTION_CLOSED (the connection of this transaction has closed)'), {
    code: 'CONNECTION_CLOSED',
  });
}

/**
 * `run`'s outcome, as long as the scope is still open when it comes; never settles otherwise, so that the driver,
 * waiting on it, writes nothing more on a connection that is gone (1). Nothing holds on to it then: it is collected.
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

/** The statements of a transaction, a savepoint or a reserved connection, each run only while the scope is open. */
function scopedStatements<S extends postgres.TransactionSql | postgres.ReservedSql>(sql: S, scope: Scope): S {
  const loose = sql as unknown as {
    unsafe(...args: unknown[]): unknown;
    savepoint(...args: unknown[]): Promise<unknown>;
    release(): void;
  };
  return new Proxy(sql, {
    apply: (target, thisArg, args) => scopedStatement(Reflect.apply(target, thisArg, args), scope),
    get(target, property, receiver) {
      if (property === 'unsafe') return (...args: unknown[]) => scopedStatement(loose.unsafe(...args), scope);
      if (property === 'savepoint') {
        return (...args: unknown[]) => {
          if (!scope.open) return Promise.reject(connectionClosed());
          const callback = args.pop() as (savepoint: postgres.TransactionSql) => unknown;
          return loose.savepoint(...args, (savepoint: postgres.TransactionSql) =>
            settleWhileOpen(scope, () => callback(scopedStatements(savepoint, scope))),
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
 * A statement of a scope runs only if the scope is open when the driver takes it (a tick after it is awaited), and
 * closes the scope if it fails for a lost session: that failure is seen before any later statement is taken,
 * whatever awaited this one (1). Its rows are closed up (3).
 */
function scopedStatement(made: unknown, scope: Scope): unknown {
  const query = asStatement(made);
  if (!query) return made;
  closeUpRows(query);
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
