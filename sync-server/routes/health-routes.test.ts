import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../database.ts';
import { testConfig } from '../testing/test-app.ts';

describe('health on the embedded database', () => {
  let dataDir: string;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-health-'));
    // As server.ts opens it without DATABASE_URL: PGlite in DATA_DIR behind one connection.
    database = await openDatabase(testConfig({ databaseUrl: undefined, dataDir }));
    app = await buildApp({ config: testConfig(), sql: database.sql, embeddedIsRunning: database.isRunning });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says the database is busy, not down, while its one connection is held by a long piece of work', async () => {
    let finish!: () => void;
    // A long pull or an export, say: a transaction holding the one connection until it is done.
    const started = new Promise<void>((resolve) => {
      void database.sql.begin(async (tx) => {
        await tx`select 1`;
        resolve();
        await new Promise<void>((done) => (finish = done));
      });
    });
    await started;
    try {
      const busy = await app.inject({ url: '/api/health' });
      expect(busy.statusCode).toBe(200);
      expect(busy.json()).toEqual({ status: 'ok', database: 'busy' });
    } finally {
      finish();
    }
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'up' });
  });
});
