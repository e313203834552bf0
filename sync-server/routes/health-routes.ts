import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../schema/index.ts';
import type { Database, Sql } from '../database.ts';
import { pingDatabase } from '../repositories/database-ping.ts';

/** A health check that hangs is as bad as a down one: the database gets this long to answer. */
const databaseTimeoutMs = 2000;

async function databaseAnswers(sql: Sql): Promise<'yes' | 'no' | 'not yet'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'not yet'>((resolve) => {
    timer = setTimeout(() => resolve('not yet'), databaseTimeoutMs);
  });
  try {
    return await Promise.race([pingDatabase(sql).then(() => 'yes' as const), timeout]);
  } catch {
    return 'no';
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ sql: Sql; embeddedIsRunning?: Database['isRunning'] }> = async (
  app,
  { sql, embeddedIsRunning },
) => {
  const schema = {
    summary: 'Whether this instance answers and reaches its database',
    response: {
      200: healthSchema.describe('Up, with its database (`busy`: the embedded one, still answering another request)'),
      503: healthSchema.describe('The database does not answer: take this instance out of rotation'),
    },
  };
  app.get('/api/health', { schema }, async (_request, reply) => {
    const answers = await databaseAnswers(sql);
    if (answers === 'yes') return { status: 'ok' as const, database: 'up' as const };
    // The embedded database is one connection, often busy for a while: still waiting its turn, the check says
    // nothing against a PGlite that runs, and the server serves (every request waits its turn the same way).
    if (answers === 'not yet' && embeddedIsRunning?.()) return { status: 'ok' as const, database: 'busy' as const };
    return reply.code(503).send({ status: 'unavailable', database: 'down' });
  });
};
