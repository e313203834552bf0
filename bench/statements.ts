/**
 * Statements to PostgreSQL per sync request (issue 36): a push of one `post.create` from a device that has pushed
 * before, of one `post.update` with its family and without (decision 0067), and a pull by a known device with
 * nothing new and with that one change, each counted through postgres.js's `debug` hook on the app's own connections
 * (transaction control included: begin, savepoint, commit) and listed. The person's session is cached by then, as it
 * is for a device in use. A fresh database; no timing.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { syncProtocolVersion, type FamilyCursor } from '../schema/index.ts';
import { buildApp } from '../sync-server/app.ts';
import { loadConfig } from '../sync-server/config.ts';
import { runMigrations } from '../sync-server/migrate.ts';
import { createLocalNotifier } from '../sync-server/sync-notifier.ts';
import { createTestDatabase } from '../sync-server/testing/test-database.ts';
import { benchApi } from './support/api-setup.ts';

const database = await createTestDatabase();
let statements: string[] | null = null;
const sql = postgres(database.url, {
  max: database.poolMax,
  onnotice: () => {},
  debug: (_connection, query) => statements?.push(query.replace(/\s+/g, ' ').trim().slice(0, 100)),
});
const app = await buildApp({
  config: loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), `hearth-bench-${randomUUID()}`),
    STATIC_DIR: join(tmpdir(), `hearth-bench-no-build-${randomUUID()}`),
  }),
  sql,
  notifier: createLocalNotifier(),
});

/** Runs `request` and prints the statements it sent. */
async function counted(what: string, request: () => Promise<void>): Promise<void> {
  statements = [];
  await request();
  console.log(`${what}: ${statements.length} statements`);
  for (const statement of statements) console.log(`    ${statement}`);
  statements = null;
}

try {
  await runMigrations(sql);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const api = benchApi(url);
  const account = await api.signUp('statements');
  const device = api.device(account);
  const familyId = randomUUID();
  const post = (content: string) => ({ name: 'post.create' as const, args: { postId: randomUUID(), familyId, content } });
  await device.push([{ name: 'family.create', args: { familyId, memberId: randomUUID(), name: 'Statements' } }]);
  await device.push([post('The device has pushed before.')]);
  await counted('push of one post.create', () => device.push([post('Counted.')]));
  const edited = post('To edit.');
  await device.push([edited]);
  const edit = { postId: edited.args.postId, content: 'Edited.' };
  await counted('push of one post.update naming its family', () =>
    device.push([{ name: 'post.update', args: { ...edit, familyId } }]),
  );
  // As an app from before writes named their family sends it (decision 0067).
  await counted('push of one post.update naming no family', () => device.push([{ name: 'post.update', args: edit }]));

  const pullingDevice = randomUUID();
  const [history] = await sql<[{ epoch: string }]>`select epoch from sync_history`;
  const pull = async (cursors: FamilyCursor[]) => {
    const response = await fetch(`${url}/api/sync/pull`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: account.cookie },
      body: JSON.stringify({
        protocolVersion: syncProtocolVersion,
        deviceId: pullingDevice,
        userId: account.userId,
        epoch: history.epoch,
        acknowledgedSeq: 0,
        cursors,
      }),
    });
    if (response.status !== 200) throw new Error(`pull answered ${response.status}`);
  };
  const [family] = await sql<[{ version: string }]>`select version from families where id = ${familyId}`;
  const version = Number(family.version);
  // Known to the server from here on, as a device in use is.
  await pull([{ familyId, version, resume: null }]);
  await counted('pull, nothing new', () => pull([{ familyId, version, resume: null }]));
  await counted('pull, the one post', () => pull([{ familyId, version: version - 1, resume: null }]));
} finally {
  await app.close();
  await sql.end();
  await database.close();
}
