import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { syncProtocolVersion } from '../../schema/index.ts';
import { buildApp } from '../app.ts';
import { connect, type Sql } from '../database.ts';
import { serverMessages } from '../http-errors.ts';
import { runMigrations } from '../migrate.ts';
import { sessionCookieName } from './session.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { signUp, testConfig } from '../testing/test-app.ts';

const opened: { app: FastifyInstance; sql: Sql }[] = [];

afterAll(async () => {
  for (const { app, sql } of opened) {
    await app.close();
    await sql.end({ timeout: 0 });
  }
});

async function appOn(sql: Sql): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), sql });
  opened.push({ app, sql });
  return app;
}

/** A local port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function syncRequests(cookie: string) {
  const deviceId = randomUUID();
  return [
    {
      method: 'POST' as const,
      url: '/api/sync/push',
      headers: { cookie },
      payload: {
        protocolVersion: syncProtocolVersion,
        deviceId,
        mutations: [{ seq: 1, name: 'post.create', args: {} }],
      },
    },
    {
      method: 'POST' as const,
      url: '/api/sync/pull',
      headers: { cookie },
      payload: {
        protocolVersion: syncProtocolVersion,
        deviceId,
        cursors: [],
      },
    },
  ];
}

describe('an unreachable database', () => {
  it('answers push and pull with 503, the sentence to try again and when, from the session check on', async () => {
    const app = await appOn(connect(`postgres://postgres@127.0.0.1:${await closedPort()}/postgres`, 1));
    const cookie = `${sessionCookieName}=${randomBytes(32).toString('base64url')}`;
    for (const request of syncRequests(cookie)) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({ error: serverMessages.syncUnavailable });
    }
  });

  it('answers 503 once the pool is gone, for a session that was valid', async () => {
    const database = await createTestDatabase();
    try {
      const sql = connect(database.url, database.poolMax);
      await runMigrations(sql);
      const app = await appOn(sql);
      const { cookie } = await signUp(app);
      await sql.end();
      for (const request of syncRequests(cookie)) {
        const response = await app.inject(request);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('2');
        expect(response.json()).toEqual({ error: serverMessages.syncUnavailable });
      }
    } finally {
      await database.close();
    }
  });
});
