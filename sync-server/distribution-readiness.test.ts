import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from './database.ts';
import { runMigrations } from './migrate.ts';
import { distributionFindings } from './testing/distribution.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = connect(database.url, database.poolMax);
  await runMigrations(sql);
});

afterAll(async () => {
  await sql.end({ timeout: 5 });
  await database.close();
});

describe('the schema after every migration, read from the catalog', () => {
  it('can be split by family: nothing keeps a family table from living on one node (decision 0063)', async () => {
    const findings = await distributionFindings(sql);
    console.log(`${findings.length} distribution finding(s)${findings.map((finding) => `\n  ${finding}`).join('')}`);
    expect(findings).toEqual([]);
  });
});
