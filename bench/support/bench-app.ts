/**
 * The real server for a benchmark: a fresh database (on the PostgreSQL named by DATABASE_URL, else the embedded
 * PGlite), migrated, and the app built on it with logging off and no build to serve. `close` undoes all of it.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../sync-server/app.ts';
import { loadConfig } from '../../sync-server/config.ts';
import { connect, type Sql } from '../../sync-server/database.ts';
import { runMigrations } from '../../sync-server/migrate.ts';
import type { SyncNotifier } from '../../sync-server/sync-notifier.ts';
import { createTestDatabase } from '../../sync-server/testing/test-database.ts';

export async function startBenchApp(
  options: { env?: Record<string, string>; notifier?: (sql: Sql) => Promise<SyncNotifier> } = {},
) {
  const database = await createTestDatabase();
  const sql = connect(database.url, database.poolMax);
  await runMigrations(sql);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), `hearth-bench-${randomUUID()}`),
    STATIC_DIR: join(tmpdir(), `hearth-bench-no-build-${randomUUID()}`),
    ...options.env,
  });
  const notifier = options.notifier ? await options.notifier(sql) : undefined;
  const app = await buildApp({ config, sql, ...(notifier ? { notifier } : {}) });
  return {
    app,
    sql,
    async close() {
      await app.close();
      await notifier?.close();
      await sql.end();
      await database.close();
    },
  };
}
