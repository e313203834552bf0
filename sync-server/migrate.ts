import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './database.ts';
import { settleSyncHistory } from './sync-history.ts';

export type Migration = { version: number; name: string };

const defaultDirectory = fileURLToPath(new URL('./migrations/', import.meta.url));
const fileNamePattern = /^(\d{4})_([a-z0-9_-]+)\.sql$/;

async function readMigrations(directory: string): Promise<(Migration & { text: string })[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const match = fileNamePattern.exec(file);
      if (!match?.[1] || !match[2]) {
        throw new Error(`Migration file ${file} must be named like 0001_what_it_does.sql`);
      }
      return { version: Number(match[1]), name: match[2], text: await readFile(join(directory, file), 'utf8') };
    }),
  );
}

/**
 * Applies the pending migration files in order, each exactly once, and answers which ones it applied. Everything
 * runs in one transaction that holds an advisory lock, so two servers starting at the same moment take turns: the
 * second finds the work done. A failing file rolls back the whole run and the database stays as it was. Under the
 * same lock it checks that the database is where the server's history says (sync-history.ts).
 */
export async function runMigrations(sql: Sql, directory = defaultDirectory): Promise<Migration[]> {
  const migrations = await readMigrations(directory);
  return sql.begin(async (tx) => {
    // The lock comes before the table exists: two concurrent `create table if not exists` can still collide.
    await tx`select pg_advisory_xact_lock(7317706125)`;
    await tx`
      create table if not exists schema_migrations (
        version int primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )
    `;
    const rows = await tx<{ version: number }[]>`select version from schema_migrations`;
    const done = new Set(rows.map((row) => row.version));
    const applied: Migration[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      // The simple protocol runs a file of many statements in one round trip, on PostgreSQL and PGlite alike.
      await tx.unsafe(migration.text).simple();
      await tx`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
      applied.push({ version: migration.version, name: migration.name });
    }
    // Absent only while a test migrates part of the way.
    const [history] = await tx<{ exists: boolean }[]>`select to_regclass('sync_history') is not null as exists`;
    if (history?.exists) await settleSyncHistory(tx);
    return applied;
  });
}
