import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import postgres from 'postgres';

export type TestDatabase = {
  /** Connection string of a database nobody else uses. */
  url: string;
  /** The largest pool to open against it: 1 for the embedded PGlite, which is a single backend. */
  poolMax: number;
  /** Drops the database (or stops PGlite); waits until it is gone. */
  close(): Promise<void>;
};

/**
 * A fresh, empty database for one test file or one end-to-end run. With DATABASE_URL it is a new database on that
 * PostgreSQL server; without, an in-memory PGlite behind a local socket, so tests run anywhere with no setup.
 * Free of test-runner imports: the end-to-end launcher uses it too.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? createOnServer(serverUrl) : createEmbedded();
}

async function createOnServer(serverUrl: string): Promise<TestDatabase> {
  const name = `hearth_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`create database ${admin(name)}`;
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    poolMax: 5,
    async close() {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await cleanup`drop database if exists ${cleanup(name)} with (force)`;
      } finally {
        await cleanup.end();
      }
    },
  };
}

async function createEmbedded(): Promise<TestDatabase> {
  const pglite = await PGlite.create();
  // A few connections so a test can race two migration runs; PGlite's socket server takes their turns in order.
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    poolMax: 1,
    async close() {
      await server.stop();
      await pglite.close();
    },
  };
}
