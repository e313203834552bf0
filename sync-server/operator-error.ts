/** A problem the person running the server fixes from the message alone (bad environment, database in use). */
export class OperatorError extends Error {
  override name = 'OperatorError';
}

/** For entry points: an operator error is a message, anything else keeps its stack for the bug report. */
export function failStartup(error: unknown): never {
  console.error(error instanceof OperatorError ? error.message : error);
  process.exit(1);
}
