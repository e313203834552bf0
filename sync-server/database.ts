import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import postgres from 'postgres';
import { withDriverWorkarounds } from './driver-workarounds.ts';
import type { Config } from './config.ts';
import { OperatorError } from './operator-error.ts';

export type Sql = postgres.Sql;
/** One transaction's connection: what mutators and the repositories they call write through. */
export type Transaction = postgres.TransactionSql;
/** Anything a query can run on: the pool or a transaction. */
export type Queryable = postgres.ISql;

export type Database = {
  sql: Sql;
  /** Human-readable description of where the data lives, for the startup line. */
  location: string;
  /**
   * The embedded database only: whether PGlite is running. Its one connection is often busy for a while (a long
   * pull, an export), so a health check waiting its turn is no sign that it is down (routes/health-routes.ts).
   */
  isRunning?: () => boolean;
  close(): Promise<void>;
};

/** Tests only: sees the text and parameters of each statement sent (decision 0063). */
export type StatementWatcher = (text: string, parameters: unknown[]) => void;

/**
 * Every connection in the app goes through postgres.js, whether the database is a real PostgreSQL or the embedded
 * PGlite, so repositories and migrations run the same code against both. A connection that fails under a statement
 * costs that statement's work only (driver-workarounds.ts).
 */
export function connect(url: string, max: number, onStatement?: StatementWatcher): Sql {
  return withDriverWorkarounds(
    postgres(url, {
      max,
      ...(onStatement && {
        debug: (_connection: number, text: string, parameters: unknown[]) => onStatement(text, parameters),
      }),
      // "relation already exists, skipping" and friends are expected and say nothing actionable.
      onnotice: () => {},
      connection: { application_name: 'hearth' },
      // Before connecting again, postgres.js waits longer the more the pool's connections failed, up to 20 s, and a
      // failover fails them all at once: requests would wait that long for connections the database already takes.
      // Here the wait grows by 100 ms a failure and stops at 2 s (docs/decisions/0032).
      backoff: (failures: number) => Math.min(0.1 * failures, 2),
    }),
  );
}

export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const sql = connect(config.databaseUrl, config.databasePoolMax);
    return {
      sql,
      location: `PostgreSQL at ${new URL(config.databaseUrl).host}`,
      close: () => sql.end({ timeout: 5 }),
    };
  }
  return openEmbeddedDatabase(resolve(config.dataDir));
}

async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  const directory = join(dataDir, 'pglite');
  await mkdir(directory, { recursive: true });
  const unlock = await lockDataDirectory(dataDir);
  try {
    const pglite = await PGlite.create(directory);
    // PGlite is a single Postgres backend: one socket connection, and a pool of one in front of it.
    const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 1 });
    await server.start();
    const sql = connect(`postgres://postgres@${server.getServerConn()}/postgres`, 1);
    return {
      sql,
      location: `embedded PGlite in ${directory}`,
      isRunning: () => !pglite.closed,
      async close() {
        await sql.end({ timeout: 5 });
        await server.stop();
        await pglite.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * PGlite has no postmaster guarding its files: two processes opening the same directory (a server and `npm run
 * migrate`, say) would corrupt it. A pid file makes the second one stop with a clear message instead.
 */
async function lockDataDirectory(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, 'pglite.pid');
  const release = () => rm(lockPath, { force: true });
  try {
    await writeFile(lockPath, String(process.pid), { flag: 'wx' });
    return release;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const owner = Number.parseInt(await readFile(lockPath, 'utf8'), 10);
  if (owner !== process.pid && isRunning(owner)) {
    throw new OperatorError(
      `The embedded database in ${dataDir} is in use by process ${owner}. ` +
        'Stop that process first, or set DATABASE_URL.',
    );
  }
  await writeFile(lockPath, String(process.pid));
  return release;
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
