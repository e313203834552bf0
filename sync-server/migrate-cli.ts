import { loadConfig } from './config.ts';
import { openDatabase } from './database.ts';
import { runMigrations } from './migrate.ts';
import { failStartup } from './operator-error.ts';

try {
  const database = await openDatabase(loadConfig());
  try {
    const applied = await runMigrations(database.sql);
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
