import type { FastifyPluginAsync } from 'fastify';
import type { Sql } from '../database.ts';

/** A health check that hangs is as bad as a down one: the database gets this long to answer. */
const databaseTimeoutMs = 2000;

async function databaseAnswers(sql: Sql): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseTimeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/api/health', async (_request, reply) => {
    if (await databaseAnswers(sql)) return { status: 'ok', database: 'up' };
    return reply.code(503).send({ status: 'unavailable', database: 'down' });
  });
};
