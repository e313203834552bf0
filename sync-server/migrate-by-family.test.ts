// Dexie's live queries need an IndexedDB when Dexie loads: the in-memory one comes before anything imports it.
import 'fake-indexeddb/auto';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Sql } from './database.ts';
import { runMigrations } from './migrate.ts';
import { familyColumnOf } from './testing/distribution.ts';
import { runNemesis } from './testing/nemesis.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

const run = promisify(execFile);
const migrationsDirectory = fileURLToPath(new URL('./migrations/', import.meta.url));
/** The first migration of the schema split by family (decision 0063). */
const firstByFamily = 37;

let workDirectory: string;
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  workDirectory = await mkdtemp(join(tmpdir(), 'hearth-by-family-'));
  database = await createTestDatabase();
  sql = connect(database.url, 1);
});

afterAll(async () => {
  await sql.end({ timeout: 5 });
  await database.close();
  await rm(workDirectory, { recursive: true, force: true });
});

/** Each table's rows and a digest of their content, in an order that does not depend on where they lie. */
async function tableContents(): Promise<Record<string, { rows: number; digest: string | null }>> {
  const tables = await sql<{ name: string }[]>`
    select tablename as name from pg_tables
    where schemaname = 'public' and tablename not in ('schema_migrations', 'sync_history') order by 1
  `;
  const contents: Record<string, { rows: number; digest: string | null }> = {};
  for (const { name } of tables) {
    const [row] = await sql<{ rows: number; digest: string | null }[]>`
      select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql(name)} t
    `;
    contents[name] = row ?? { rows: 0, digest: null };
  }
  return contents;
}

// pg_dump and pg_restore need a real PostgreSQL, as the nemesis's restores do.
describe.skipIf(!process.env.DATABASE_URL)('keying by family, on a database the nemesis filled', () => {
  it('migrates from the schema before it without losing or changing a row', async () => {
    // The engine warns at every failed sync, and the nemesis fails many on purpose.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The rows the nemesis leaves, taken as data alone: the columns are the same before and after keying by family.
    const dump = join(workDirectory, 'filled.dump');
    const report = await runNemesis({
      seed: 5,
      steps: 120,
      restore: 'none',
      whenSettled: async (url) => {
        await run('pg_dump', [
          '--format=custom',
          '--data-only',
          '--schema=public',
          '--exclude-table=nemesis_*',
          '--exclude-table=schema_migrations',
          '--exclude-table=sync_history',
          `--file=${dump}`,
          `--dbname=${url}`,
        ]);
      },
    });
    expect(report.divergences).toEqual([]);

    const earlierMigrations = join(workDirectory, 'migrations');
    await mkdir(earlierMigrations);
    for (const file of await readdir(migrationsDirectory)) {
      if (Number(file.slice(0, 4)) >= firstByFamily) continue;
      await copyFile(join(migrationsDirectory, file), join(earlierMigrations, file));
    }
    await runMigrations(sql, earlierMigrations);
    // What migrations put in (the "Former member" stand-in) comes back with the dump.
    const seeded = Object.keys(await tableContents());
    await sql`truncate ${sql(seeded)}`;
    await run('pg_restore', [
      '--data-only',
      '--disable-triggers',
      '--single-transaction',
      `--dbname=${database.url}`,
      dump,
    ]);
    const before = await tableContents();

    const applied = await runMigrations(sql);
    expect(applied.map((migration) => migration.version)[0]).toBe(firstByFamily);
    const after = await tableContents();
    const shown = (contents: typeof after) =>
      Object.entries(contents).flatMap(([table, { rows }]) => (rows > 0 ? [`${table} ${rows}`] : [])).join(', ');
    console.log(`rows before keying by family: ${shown(before)}\nrows after: ${shown(after)}`);
    expect(after).toEqual(before);
    // A nemesis that wrote next to nothing would prove nothing: most family tables hold rows.
    const filled = Object.keys(familyColumnOf).filter((table) => (before[table]?.rows ?? 0) > 0);
    expect(filled.length).toBeGreaterThanOrEqual(10);
  }, 600_000);
});
