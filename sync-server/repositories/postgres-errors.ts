import postgres from 'postgres';

/** The name of the unique constraint or index a write violated, when that is why it failed. */
export function uniqueViolation(error: unknown): string | undefined {
  if (error instanceof postgres.PostgresError && error.code === '23505') return error.constraint_name;
  return undefined;
}
