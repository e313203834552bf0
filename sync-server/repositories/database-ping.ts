import type { Queryable } from '../database.ts';

/** The least a database can do: answer. What the health check asks (routes/health-routes.ts). */
export async function pingDatabase(sql: Queryable): Promise<void> {
  await sql`select 1`;
}
