import { endedTheSession } from './repositories/postgres-errors.ts';

export type FailureLog = {
  warn(report: object, message: string): void;
  fatal(report: object, message: string): void;
};

/**
 * What becomes of an error nobody handled (docs/decisions/0033). A rejection that only says a database session ended
 * is harmless: what ran on that session is lost and the pool opens another (postgres.js leaves one such promise
 * unobserved when a connection drops while it reads the database's types,
 * docs/upstream/postgres-js-dropped-connections.md). It is logged, and the server carries on. Anything else may
 * have left the process in a state nobody knows: it is logged and `stop` is called (server.ts exits, and `npm start`
 * starts the server again). Answers the function that takes the handlers away.
 */
export function handleUnhandledFailures(log: FailureLog, stop: () => void): () => void {
  const onRejection = (reason: unknown) => {
    if (endedTheSession(reason)) {
      log.warn({ err: reason }, 'a database session ended under a query nobody awaited');
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection: stopping');
    stop();
  };
  const onException = (error: unknown) => {
    log.fatal({ err: error }, 'uncaught exception: stopping');
    stop();
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
