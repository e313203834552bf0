import type { FastifyPluginAsync } from 'fastify';
import type { Database, Sql } from '../database.ts';

/** A health check that hangs is as bad as a down one: the database gets this long to answer. */
const databaseTimeoutMs = 2000;

async function databaseAnswers(sql: Sql): Promise<'yes' | 'no' | 'not yet'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'not yet'>((resolve) => {
    timer = setTimeout(() => resolve('not yet'), databaseTimeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.then(() => 'yes' as const), timeout]);
  } catch {
    return 'no';
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsync<{ sql: Sql; embeddedIsRunning?: Database['isRunning'] }> = async (
  app,
  { sql, embeddedIsRunning },
) => {
  app.get('/api/health', async (_request, reply) => {
    const answers = await databaseAnswers(sql);
    if (answers === 'yes') return { status: 'ok', database: 'up' };
    // The embedded database is one connection, often busy for a while: still waiting its turn, the check says
    // nothing against a PGlite that runs, and the server serves (every request waits its turn the same way).
    if (answers === 'not yet' && embeddedIsRunning?.()) return { status: 'ok', database: 'busy' };
    return reply.code(503).send({ status: 'unavailable', database: 'down' });
  });
};
