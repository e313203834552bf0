import postgres from 'postgres';

/**
 * Reads and writes the journey server's own database: to check what it really holds, and to set up what no
 * screen can do yet. Each call opens and closes its own connection, so journeys stay independent.
 */
export async function withDatabase<T>(
  work: (sql: postgres.Sql) => Promise<T>,
  url = process.env.HEARTH_E2E_DATABASE_URL,
): Promise<T> {
  if (!url) throw new Error('HEARTH_E2E_DATABASE_URL is not set: the global setup did not start Hearth');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** How many posts say `content` on the server (`databaseUrl`: a journey's own server's, else the shared one's). */
export function countPosts(content: string, databaseUrl?: string): Promise<number> {
  return withDatabase(async (sql) => {
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from posts where content = ${content}`;
    return row?.count ?? 0;
  }, databaseUrl);
}

export function familyExists(familyName: string): Promise<boolean> {
  return withDatabase(async (sql) => {
    const rows = await sql`select 1 from families where name = ${familyName}`;
    return rows.length > 0;
  });
}
