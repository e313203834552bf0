import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './database.ts';
import { createMigrationRepository } from './repositories/migration-repository.ts';
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
    const ledger = createMigrationRepository(tx);
    await ledger.takeTurn();
    const done = await ledger.appliedVersions();
    const applied: Migration[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await ledger.apply(migration);
      applied.push({ version: migration.version, name: migration.name });
    }
    // Absent only while a test migrates part of the way.
    if (await ledger.hasTable('sync_history')) await settleSyncHistory(tx);
    return applied;
  });
}
