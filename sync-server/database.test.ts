import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { runMigrations } from './migrate.ts';
import { OperatorError } from './operator-error.ts';
import { testConfig } from './testing/test-app.ts';

/** `npm start` with no DATABASE_URL: the embedded PGlite kept in DATA_DIR must survive a restart. */
describe('the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-embedded-'));
  const config = testConfig({ databaseUrl: undefined, dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what was written across a restart', async () => {
    const first = await openDatabase(config);
    await runMigrations(first.sql);
    await first.sql`insert into users (username, email) values ('grandma', 'grandma@example.com')`;
    await first.close();

    const second = await openDatabase(config);
    expect(await runMigrations(second.sql)).toEqual([]);
    const rows = await second.sql`select username from users where username <> 'former_member'`;
    expect(rows.map((row) => row.username)).toEqual(['grandma']);
    await second.close();
  }, 60_000);

  it('refuses a second process opening the same directory instead of corrupting it', async () => {
    const open = await openDatabase(config);
    try {
      // Another live process holding the lock looks like this: its pid (here, the test runner's parent) in the file.
      writeFileSync(join(dataDir, 'pglite.pid'), String(process.ppid));
      await expect(openDatabase(config)).rejects.toThrow(OperatorError);
      await expect(openDatabase(config)).rejects.toThrow(/in use by process/);
    } finally {
      writeFileSync(join(dataDir, 'pglite.pid'), String(process.pid));
      await open.close();
    }
  }, 60_000);
});
