import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connect, type Sql, type StatementWatcher } from '../database.ts';
import { forgetOldNotifications, runHousekeeping } from '../housekeeping.ts';
import { runMigrations } from '../migrate.ts';
import { currentEpoch } from '../repositories/sync-history-repository.ts';
import { settleSyncHistory } from '../sync-history.ts';
import { createLocalNotifier, createPostgresNotifier, type SyncNotifier } from '../sync-notifier.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const run = promisify(execFile);

/**
 * How a `pg_dump` backup is put back, as docs/operations.md tells an operator: `pg_restore` into a new database the
 * servers are then pointed at, or `pg_restore --clean` into the same database. `snapshot` stands for a file-system
 * snapshot put back in place, which the shared PostgreSQL cannot be stopped for: the dump restored in place with its
 * history row made to name the database as it is now, so nothing in the database tells it from a restart and only
 * the devices can (decision 0050; restore.test.ts puts a real one back).
 */
export type RestoreKind = 'new-database' | 'in-place' | 'snapshot';

/** One server process: its own pool, its own LISTEN, its own live streams, on the one database. */
type Instance = { app: FastifyInstance; sql: Sql; notifier: SyncNotifier; baseUrl: string };

/**
 * A watermark move the server committed: which device's seq it handled, in which history, and in which stretch of
 * the run (`NemesisServer.stretch`, what tells two histories apart when a restore kept the epoch).
 */
export type HandledSeq = { id: number; deviceId: string; seq: number; epoch: string; stretch: number };

/**
 * What the server handled, recorded by the database itself, in the same transaction as the handling: a trigger on
 * the device's watermark (moved once for each mutation applied or refused, never for a duplicate) and one on
 * tombstones (kept after housekeeping lets them go). Test-only: made in the nemesis's own database, so it is in
 * every backup and goes back with every restore, exactly as the history it records.
 */
const ledgerSchema = `
  create table nemesis_stretch (stretch int not null);
  insert into nemesis_stretch values (0);
  create table nemesis_handled (
    id bigserial primary key, device_id uuid not null, seq bigint not null, epoch uuid not null, stretch int not null
  );
  create function nemesis_record_handled() returns trigger language plpgsql as $$
  begin
    insert into nemesis_handled (device_id, seq, epoch, stretch)
      select new.id, new.last_applied_seq, epoch, (select stretch from nemesis_stretch) from sync_history;
    return new;
  end $$;
  create trigger nemesis_handled after update of last_applied_seq on sync_devices
    for each row execute function nemesis_record_handled();
  create table nemesis_deleted (table_name text not null, row_id text not null, primary key (table_name, row_id));
  create function nemesis_record_deleted() returns trigger language plpgsql as $$
  begin
    insert into nemesis_deleted values (new.table_name, new.row_id) on conflict do nothing;
    return new;
  end $$;
  create trigger nemesis_deleted after insert or update on sync_tombstones
    for each row execute function nemesis_record_deleted();
`;

/**
 * The server side of the nemesis: one database with one or two app instances on it (two with a real PostgreSQL:
 * their pokes cross through LISTEN/NOTIFY as in production; the embedded PGlite is one connection and one process).
 * Each instance listens on a port of its own for the live channel; pushes and pulls go in through `inject`.
 */
export class NemesisServer {
  instances: Instance[] = [];
  /** True while the servers are stopped for a backup or a restore: requests find nobody there. */
  down = false;
  /** The history the server is in now (sync_history), read at every start. */
  epoch = '';
  private readonly copies: string[] = [];
  /** The checks' own pool with a real PostgreSQL, unwatched: what the nemesis reads is not Hearth's statements. */
  private checksPool: Sql | null = null;
  private backup: { file: string; handledThrough: number; epoch: string } | null = null;
  /**
   * Restores begun: a snapshot put back may keep its epoch, and a device it holds at watermark 0 then starts over
   * alone in it (decision 0050), sending its writes again under the seqs they had. Counted while the servers are
   * down, so every answer and every watermark move belongs to exactly one stretch.
   */
  stretch = 0;

  private constructor(
    private readonly database: TestDatabase,
    private url: string,
    private readonly instanceCount: number,
    private readonly pullPageMax: { first: number; resumed: number },
    private readonly dataDir: string,
    private readonly onStatement: StatementWatcher | undefined,
  ) {}

  static get realPostgres(): boolean {
    return Boolean(process.env.DATABASE_URL);
  }

  static async start(options: {
    instances: number;
    pullPageMax: { first: number; resumed: number };
    onStatement?: StatementWatcher;
  }) {
    const database = await createTestDatabase();
    const instances = NemesisServer.realPostgres ? options.instances : 1;
    const dataDir = join(tmpdir(), `hearth-nemesis-${randomBytes(4).toString('hex')}`);
    const server = new NemesisServer(
      database,
      database.url,
      instances,
      options.pullPageMax,
      dataDir,
      options.onStatement,
    );
    const sql = connect(database.url, 1);
    try {
      await runMigrations(sql);
      await sql.unsafe(ledgerSchema);
      // The history has stood a while, as any a device's word may end (decision 0050): the backup keeps this.
      await sql`update sync_history set started_at = now() - interval '2 hours'`;
    } finally {
      await sql.end({ timeout: 5 });
    }
    await server.open();
    return server;
  }

  /** The database serving now (a restore into a new database moves it). */
  get databaseUrl(): string {
    return this.url;
  }

  /**
   * What the checks read through: a pool of their own, so a watcher of Hearth's statements (`onStatement`) sees only
   * the app's; the embedded PGlite is one connection, so there the first instance's pool.
   */
  get db(): Sql {
    return this.checksPool ?? this.instances[0]!.sql;
  }

  private async open(): Promise<void> {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: this.dataDir,
      STATIC_DIR: join(tmpdir(), `hearth-nemesis-no-build-${randomBytes(4).toString('hex')}`),
      AUTH_RATE_LIMIT_PER_IP: '1000000',
    });
    for (let index = 0; index < this.instanceCount; index += 1) {
      const sql = connect(this.url, NemesisServer.realPostgres ? 4 : 1, this.onStatement);
      // Each instance migrates at start, as server.ts does: the first to take the lock settles the history.
      await runMigrations(sql);
      const notifier = NemesisServer.realPostgres ? await createPostgresNotifier(sql) : createLocalNotifier();
      const app = await buildApp({ config, sql, notifier, pullPageMax: this.pullPageMax });
      const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
      this.instances.push({ app, sql, notifier, baseUrl });
    }
    if (NemesisServer.realPostgres) this.checksPool = connect(this.url, 2);
    this.epoch = await currentEpoch(this.db);
  }

  private async close(): Promise<void> {
    await this.checksPool?.end({ timeout: 5 });
    this.checksPool = null;
    for (const { app, sql, notifier } of this.instances.splice(0)) {
      await app.close();
      await notifier.close();
      await sql.end({ timeout: 5 });
    }
  }

  /** Runs `work` with every instance stopped, as an operator stops the servers to put a backup back. */
  private async whileDown(work: (admin: postgres.Sql) => Promise<void>): Promise<void> {
    this.down = true;
    await this.close();
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      await work(admin);
    } finally {
      await admin.end();
    }
    await this.open();
    this.down = false;
  }

  get hasBackup(): boolean {
    return this.backup !== null;
  }

  /**
   * Takes a backup as an operator's nightly job does: `pg_dump` while the servers serve. What the server had handled
   * is read first: a write handled before the dump's snapshot then counts as after it, which can only make the
   * nemesis stricter.
   */
  async takeBackup(): Promise<void> {
    const handledThrough = (await handledIn(this.db)).at(-1)?.id ?? 0;
    const file = join(tmpdir(), `hearth-nemesis-${randomBytes(6).toString('hex')}.dump`);
    await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${this.url}`]);
    this.backup = { file, handledThrough, epoch: await currentEpoch(this.db) };
  }

  /** The history the backup was taken in. */
  get backupEpoch(): string | undefined {
    return this.backup?.epoch;
  }

  /**
   * Puts the backup back, `kind` as an operator would; whatever the server handled since is gone. `meanwhile` runs
   * once the servers are down, before the database is replaced. Answers what the lost history had handled after the
   * backup was taken: the only writes a restore may lose.
   */
  async restore(kind: RestoreKind, meanwhile: () => Promise<void>): Promise<HandledSeq[]> {
    const backup = this.backup;
    if (!backup) throw new Error('no backup to restore');
    let lost: HandledSeq[] = [];
    await this.whileDown(async (admin) => {
      this.stretch += 1;
      await meanwhile();
      lost = (await this.handledWhileDown()).filter((handled) => handled.id > backup.handledThrough);
      let target = this.url;
      if (kind === 'new-database') {
        const name = `hearth_restored_${randomBytes(6).toString('hex')}`;
        await admin`create database ${admin(name)}`;
        this.copies.push(name);
        const restored = new URL(this.url);
        restored.pathname = `/${name}`;
        target = restored.href;
      }
      await run('pg_restore', ['--clean', '--if-exists', '--single-transaction', `--dbname=${target}`, backup.file]);
      if (kind === 'snapshot') await this.hideRestore(target);
      await this.beginStretch(target);
      this.url = target;
    });
    return lost;
  }

  /** What the restored database handles from now on is recorded as of the stretch begun. */
  private async beginStretch(url: string): Promise<void> {
    const sql = connect(url, 1);
    try {
      await sql`update nemesis_stretch set stretch = ${this.stretch}`;
    } finally {
      await sql.end({ timeout: 5 });
    }
  }

  /** The restored history row names the database as it is now, and is otherwise the backup's: as after a snapshot. */
  private async hideRestore(url: string): Promise<void> {
    const sql = connect(url, 1);
    try {
      await sql.begin(async (tx) => {
        const [restored] = await tx<{ epoch: string; started_at: Date }[]>`select epoch, started_at from sync_history`;
        await settleSyncHistory(tx);
        await tx`update sync_history set epoch = ${restored!.epoch}, started_at = ${restored!.started_at}`;
      });
    } finally {
      await sql.end({ timeout: 5 });
    }
  }

  /** What the database recorded, read with a connection of its own while the servers are stopped. */
  private async handledWhileDown(): Promise<HandledSeq[]> {
    const sql = connect(this.url, 1);
    try {
      return await handledIn(sql);
    } finally {
      await sql.end({ timeout: 5 });
    }
  }

  /** Time passes (`daysLater`) and housekeeping runs: tombstones let go, families' floors raised (0013). */
  async housekeeping(daysLater: number): Promise<void> {
    const later = new Date(Date.now() + daysLater * 24 * 60 * 60 * 1000);
    // Hearth's own jobs, through an instance's pool as a server runs them.
    await runHousekeeping(this.instances[0]!.sql, later);
    await forgetOldNotifications(this.instances[0]!.sql, later);
  }

  /** Every watermark move of the history that stands, oldest first. */
  handled(): Promise<HandledSeq[]> {
    return handledIn(this.db);
  }

  /** Whether the history that stands ever tombstoned this row (housekeeping may have let the tombstone go since). */
  async everDeleted(table: string, rowId: string): Promise<boolean> {
    const rows = await this.db`select 1 from nemesis_deleted where table_name = ${table} and row_id = ${rowId}`;
    return rows.length > 0;
  }

  async stop(): Promise<void> {
    await this.close();
    if (this.copies.length > 0) {
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        for (const name of this.copies) await admin`drop database if exists ${admin(name)} with (force)`;
      } finally {
        await admin.end();
      }
    }
    if (this.backup) await rm(this.backup.file, { force: true });
    await rm(this.dataDir, { recursive: true, force: true });
    await this.database.close();
  }
}

async function handledIn(sql: Sql): Promise<HandledSeq[]> {
  const rows = await sql<{ id: string; device_id: string; seq: string; epoch: string; stretch: number }[]>`
    select id, device_id, seq, epoch, stretch from nemesis_handled order by id
  `;
  return rows.map((row) => ({
    id: Number(row.id),
    deviceId: row.device_id,
    seq: Number(row.seq),
    epoch: row.epoch,
    stretch: row.stretch,
  }));
}
