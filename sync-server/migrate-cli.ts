import { loadConfig } from './config.ts';
import { openDatabase } from './database.ts';
import { runMigrations } from './migrate.ts';
import { failStartup } from './operator-error.ts';
import { startNewSyncHistory } from './sync-history.ts';

/**
 * `npm run migrate` applies the pending migrations. `npm run migrate -- --restored` also tells every device that the
 * database was put back from a backup in place (a file-system snapshot: nothing else about it changed), so each one
 * starts over from what the database now holds (docs/decisions/0011-server-history-and-device-owner.md). Without
 * it, the first device that saw more than the database holds begins the new history (docs/decisions/0050).
 */
const restored = process.argv.includes('--restored');

try {
  const database = await openDatabase(loadConfig());
  try {
    const applied = await runMigrations(database.sql);
    if (restored) {
      await database.sql.begin((tx) => startNewSyncHistory(tx));
      console.log('A new sync history begins: every device will fetch its families again and resend what it holds.');
    }
    for (const migration of applied) {
      console.log(`Applied ${String(migration.version).padStart(4, '0')}_${migration.name}`);
    }
    console.log(
      applied.length === 0
        ? `Database is up to date (${database.location}).`
        : `${applied.length} migration(s) applied to ${database.location}.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  failStartup(error);
}
