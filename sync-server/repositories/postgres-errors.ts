import postgres from 'postgres';

/** The name of the unique constraint or index a write violated, when that is why it failed. */
export function uniqueViolation(error: unknown): string | undefined {
  if (error instanceof postgres.PostgresError && error.code === '23505') return error.constraint_name;
  return undefined;
}

/**
 * A database error that will happen again however often the same write is retried: bad data (class 22) or a broken
 * integrity rule (class 23). Everything else (a lost connection, a serialization failure, a shutting-down server,
 * anything unknown) may pass, so it is never a reason to give up on a write for good.
 */
export function isPermanentDatabaseError(error: unknown): boolean {
  if (!(error instanceof postgres.PostgresError)) return false;
  const errorClass = error.code.slice(0, 2);
  return errorClass === '22' || errorClass === '23';
}

/** Data the database cannot take (a NUL byte, a date out of range, a number too large): the request was bad. */
export function isBadDataError(error: unknown): boolean {
  return error instanceof postgres.PostgresError && error.code.startsWith('22');
}

const transientClasses = new Set(['08', '40', '53', '57', '58']);
const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * The connection a query went to is gone or could not be made (postgres.js's own codes, or the socket's): the query
 * did not run, or its outcome is unknown. Nothing else is wrong.
 */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && connectionErrorCodes.has(code);
}

/**
 * The failure ended its query's database session, or kept one from starting: the socket went (`isConnectionError`),
 * or the server said FATAL (terminated by an administrator, shutting down, too many connections). Whatever was
 * running on that session is lost, and nothing else.
 */
export function endedTheSession(error: unknown): boolean {
  return isConnectionError(error) || (error instanceof postgres.PostgresError && error.severity === 'FATAL');
}

/**
 * Failures expected to pass on their own: connection trouble, serialization failures and deadlocks, a server out of
 * resources or shutting down. The caller treats unknown failures the same way but logs them as bugs.
 */
export function isKnownTransientError(error: unknown): boolean {
  if (error instanceof postgres.PostgresError) return transientClasses.has(error.code.slice(0, 2));
  return isConnectionError(error);
}
