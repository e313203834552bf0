// Dexie finds IndexedDB when it loads, so the in-memory one is installed before anything imports Dexie.
import 'fake-indexeddb/auto';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import type { MutationArgs, MutationName } from '../schema/sync.ts';
import { HearthDb } from '../pwa/db/hearth-db.ts';
import { createSyncEngine, type SyncEngine } from '../pwa/sync/sync-engine.ts';
import { createManualTimers } from '../pwa/sync/testing/manual-timers.ts';
import { failureKindOfStatus, SyncTransportError, type SyncTransport } from '../pwa/sync/transport.ts';
import { writeLocally } from '../pwa/sync/write.ts';
import { buildApp } from './app.ts';
import { connect, openDatabase, type Database, type Sql } from './database.ts';
import { runMigrations } from './migrate.ts';
import { currentEpoch } from './repositories/sync-history-repository.ts';
import { signUp, testConfig, type TestAccount } from './testing/test-app.ts';
import { addMember, TestDevice } from './testing/test-device.ts';
import { createTestDatabase } from './testing/test-database.ts';

const run = promisify(execFile);

/**
 * A restore done as an operator does it, with real `pg_dump` and `pg_restore` (docs/operations.md), or a file-system
 * snapshot of the embedded database's directory put back in place, and phones running the real sync engine over an
 * in-memory IndexedDB. Each kind of restore must begin a new history by itself, with no step for the operator: a dump
 * at the server's next start (docs/decisions/0037-a-restore-noticed-by-itself.md), a snapshot, which looks like a
 * restart in every way, when the first device that saw more than it holds speaks (docs/decisions/0050).
 */
type RestoreKind = 'in-place' | 'new-database' | 'snapshot';

/** One server: an app on its own pool, started as server.ts starts one (migrations first). */
class Server {
  app!: FastifyInstance;
  sql!: Sql;
  down = false;
  readonly databases: string[] = [];
  private database!: Database;
  /** The embedded database's directory (DATA_DIR), for a snapshot. */
  private readonly dataDir = join(tmpdir(), `hearth-restore-${randomBytes(6).toString('hex')}`);

  constructor(
    public url: string,
    private readonly kind: RestoreKind,
  ) {}

  async start(): Promise<void> {
    this.database =
      this.kind === 'snapshot'
        ? await openDatabase(testConfig({ databaseUrl: undefined, dataDir: this.dataDir }))
        : await this.connect();
    this.sql = this.database.sql;
    await runMigrations(this.sql);
    this.app = await buildApp({ config: testConfig(), sql: this.sql });
    this.down = false;
  }

  private async connect(): Promise<Database> {
    const sql = connect(this.url, 2);
    return { sql, location: this.url, close: () => sql.end({ timeout: 5 }) };
  }

  async stop(): Promise<void> {
    this.down = true;
    await this.app.close();
    await this.database.close();
  }

  /** A backup: a dump, or a copy of the embedded database's files taken while it is stopped. */
  async backUp(backup: string): Promise<void> {
    if (this.kind !== 'snapshot') {
      await run('pg_dump', ['--format=custom', `--file=${backup}`, `--dbname=${this.url}`]);
      return;
    }
    await this.stop();
    await cp(this.dataDir, backup, { recursive: true });
    await this.start();
  }

  /** Stopped, put back from `backup` as its kind says, started again. */
  async restore(backup: string): Promise<void> {
    await this.stop();
    if (this.kind === 'snapshot') {
      await rm(this.dataDir, { recursive: true });
      await cp(backup, this.dataDir, { recursive: true });
    } else {
      if (this.kind === 'new-database') {
        const name = `hearth_restored_${randomBytes(6).toString('hex')}`;
        const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
        await admin`create database ${admin(name)}`;
        await admin.end();
        this.databases.push(name);
        const url = new URL(this.url);
        url.pathname = `/${name}`;
        this.url = url.href;
      }
      await run('pg_restore', ['--clean', '--if-exists', '--single-transaction', `--dbname=${this.url}`, backup]);
    }
    await this.start();
  }

  async remove(): Promise<void> {
    if (!this.down) await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** A phone: the real engine, its timers moved by the test; `pullsFail` makes every pull fail on the way. */
function phone(server: Server, account: TestAccount) {
  const db = new HearthDb(`hearth-${account.user.id}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const clock = createManualTimers();
  const state = { pullsFail: false };
  const send = async (path: string, body: unknown) => {
    if (server.down || (state.pullsFail && path.endsWith('/pull'))) throw new SyncTransportError('network', 'offline');
    const response = await server.app.inject({ method: 'POST', url: path, headers: { cookie: account.cookie }, payload: body as object });
    if (response.statusCode === 200) return response.json();
    throw new SyncTransportError(failureKindOfStatus(response.statusCode), `${path}: ${response.statusCode}`, {
      historyChanged: response.statusCode === 409 ? response.json() : undefined,
    });
  };
  const transport: SyncTransport = {
    push: (request) => send('/api/sync/push', request),
    pull: (request) => send('/api/sync/pull', request),
    openLive: () => () => {},
  };
  const engine: SyncEngine = createSyncEngine({ db, userId: account.user.id, transport, timers: clock.timers });
  engine.start();
  return {
    db,
    state,
    async write<N extends MutationName>(name: N, args: MutationArgs<N>) {
      await writeLocally(db, { signedInUser: { ...account.user }, now: new Date().toISOString() }, name, args);
    },
    /** Syncs until the engine is idle, moving its clock past each backoff; answers the last phase. */
    async sync() {
      engine.requestSync();
      for (let turn = 0; turn < 6; turn += 1) {
        await engine.whenSettled();
        if (engine.status.get().phase === 'idle') break;
        clock.advance(Math.min(...clock.pendingTimeouts(), 120_000));
      }
      return engine.status.get().phase;
    },
    async posts() {
      return (await db.posts.orderBy('id').toArray()).map((post) => post.content);
    },
    stop: () => engine.stop(),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serverPosts(sql: Sql, familyId: string): Promise<string[]> {
  const rows = await sql<{ content: string }[]>`select content from posts where family_id = ${familyId} order by id`;
  return rows.map((row) => row.content);
}

describe.skipIf(!process.env.DATABASE_URL)('a server put back from a backup', () => {
  it.each<RestoreKind>(['in-place', 'new-database', 'snapshot'])(
    'begins a new history by itself (%s), and every phone ends as the server is',
    async (kind) => {
      const database = await createTestDatabase();
      const server = new Server(database.url, kind);
      await server.start();
      const backup = join(tmpdir(), `hearth-restore-${randomBytes(6).toString('hex')}.backup`);
      cleanups.push(async () => {
        await server.remove();
        await rm(backup, { recursive: true, force: true });
        const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
        for (const name of server.databases) await admin`drop database if exists ${admin(name)} with (force)`;
        await admin.end();
        await database.close();
      });

      const grandma = await signUp(server.app);
      const son = await signUp(server.app);
      const hers = phone(server, grandma);
      const his = phone(server, son);
      const familyId = randomUUID();
      await hers.write('family.create', { familyId, memberId: randomUUID(), name: 'The Okafors' });
      expect(await hers.sync()).toBe('idle');
      await addMember(server.sql, familyId, son.user.id);
      await hers.write('post.create', { postId: randomUUID(), familyId, content: 'Before the backup' });
      expect(await hers.sync()).toBe('idle');
      // The history has stood a while before the backup, as any a device's word may end (decision 0050).
      await server.sql`update sync_history set started_at = now() - interval '2 hours'`;
      await server.backUp(backup);
      const epoch = await currentEpoch(server.sql);

      // After the backup: a post both phones saw confirmed (lost for good with the restore), then one the server
      // acknowledged while her phone's pulls failed, so it never saw it confirmed.
      await hers.write('post.create', { postId: randomUUID(), familyId, content: 'Lost with the restore' });
      expect(await hers.sync()).toBe('idle');
      expect(await his.sync()).toBe('idle');
      hers.state.pullsFail = true;
      await hers.write('post.create', { postId: randomUUID(), familyId, content: 'Acknowledged, not confirmed' });
      await hers.sync();
      expect(await serverPosts(server.sql, familyId)).toContain('Acknowledged, not confirmed');
      expect((await hers.db.outbox.toArray()).map((entry) => entry.status)).toEqual(['sent']);

      await server.restore(backup);
      // A snapshot holds every mark the database has: at start it looks like a restart, and keeps the epoch until
      // a phone that saw more than it holds speaks.
      if (kind === 'snapshot') expect(await currentEpoch(server.sql)).toBe(epoch);
      else expect(await currentEpoch(server.sql)).not.toBe(epoch);
      hers.state.pullsFail = false;
      // Two new posts from her laptop before either phone comes back: his cursor is past where the restore left
      // the family, and two versions later it would equal the family's again.
      const laptop = new TestDevice(server.app, grandma);
      await laptop.send(
        { name: 'post.create', args: { postId: randomUUID(), familyId, content: 'New one' } },
        { name: 'post.create', args: { postId: randomUUID(), familyId, content: 'New two' } },
      );

      // His phone first: after a snapshot its cursor is behind the family again, so it proves nothing and pulls
      // as if nothing happened, until hers (which holds a write this database never recorded) says otherwise.
      expect(await his.sync()).toBe('idle');
      expect(await hers.sync()).toBe('idle');
      expect(await his.sync()).toBe('idle');
      const onServer = await serverPosts(server.sql, familyId);
      expect([...onServer].sort()).toEqual(
        ['Acknowledged, not confirmed', 'Before the backup', 'New one', 'New two'].sort(),
      );
      expect(await hers.db.outbox.count()).toBe(0);
      expect(await hers.posts()).toEqual(onServer);
      expect(await his.posts()).toEqual(onServer);
      expect(await currentEpoch(server.sql)).not.toBe(epoch);
      hers.stop();
      his.stop();
    },
    // Two pg_restore runs, or the embedded database started four times: slow on a loaded machine, not a clock.
    240_000,
  );
});
