/**
 * Starts the real Hearth server (the production build in dist/) on a free port with a database of its own, the way
 * a person runs it, for the end-to-end journeys and the budget check. The database is a fresh one on the PostgreSQL
 * named by DATABASE_URL when set, else an in-memory embedded PGlite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaledWithLoad } from '../../bench/support/figures.ts';
import { freePort } from '../../sync-server/testing/free-port.ts';
import { createTestDatabase } from '../../sync-server/testing/test-database.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type RunningHearth = {
  url: string;
  /** The server's own database, for journeys that check what it holds or set up what no screen does yet. */
  databaseUrl: string;
  /** Where this server keeps photo and voice files (`DATA_DIR`). */
  dataDir: string;
  /** Kills the process at once (SIGKILL), as a crash would; `stop` still cleans up after it. */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  // A minute on a quiet machine; on a machine at load 40 a bench waits longer rather than give up before measuring.
  const waitMs = scaledWithLoad(60_000);
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Hearth exited with ${server.exitCode} while starting:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Hearth did not become healthy within ${waitMs / 1000} s:\n${output()}`);
}

/**
 * `sharing`: another running Hearth whose database this one uses too (a second instance), instead of a fresh one;
 * it is that one's to close.
 */
export async function startHearth(
  extraEnv: Record<string, string> = {},
  {
    sharing,
    host = '127.0.0.1',
  }: {
    sharing?: RunningHearth;
    /** The name people reach it by: passkeys need a domain name (`localhost`), never an IP address. */
    host?: string;
  } = {},
): Promise<RunningHearth> {
  if (!existsSync(join(repoRoot, 'dist', 'index.html'))) {
    throw new Error('No production build in dist/: run `npm run build` first.');
  }
  const database = sharing
    ? { url: sharing.databaseUrl, poolMax: 4, close: async () => {} }
    : await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-e2e-'));
  const port = await freePort();
  const url = `http://${host}:${port}`;
  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: String(database.poolMax),
      DATA_DIR: dataDir,
      STATIC_DIR: join(repoRoot, 'dist'),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Journeys sign up and in many times from one address; the limiter itself is covered by server tests.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      PUBLIC_FORM_RATE_LIMIT_PER_IP: '10000',
      // The embedded PGlite behind a socket is a single backend: a LISTEN connection would hold it for good.
      ...(process.env.DATABASE_URL ? {} : { SYNC_NOTIFY: 'local' }),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    await waitForHealth(url, server, () => log);
  } catch (error) {
    server.kill('SIGKILL');
    await database.close();
    throw error;
  }
  return {
    url,
    databaseUrl: database.url,
    dataDir,
    async kill() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
