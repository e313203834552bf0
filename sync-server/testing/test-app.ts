import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { User } from '../../schema/index.ts';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { connect, type Sql, type StatementWatcher } from '../database.ts';
import { runMigrations } from '../migrate.ts';
import { sessionCookieName } from '../plugins/session.ts';
import { createLocalNotifier, createPostgresNotifier, type FamilyChange, type SyncNotifier } from '../sync-notifier.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { startTestMailServer } from './test-mail-server.ts';

/** The server's settings for a test: what the environment below gives, then `overrides`. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_POOL_MAX: '1',
      DATA_DIR: join(tmpdir(), `hearth-test-${randomBytes(4).toString('hex')}`),
      // No build in tests unless a test makes one: the shell fallback must cope with that.
      STATIC_DIR: join(tmpdir(), `hearth-no-build-${randomBytes(4).toString('hex')}`),
      LOG_LEVEL: 'silent',
      // Every request of a test file comes from 127.0.0.1; the limiter's own tests lower this.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      PUBLIC_FORM_RATE_LIMIT_PER_IP: '10000',
    }),
    ...overrides,
  };
}

/** A clock the rate limiters read, moved by tests instead of sleeping. */
export class TestClock {
  private offset = 0;
  readonly now = (): number => Date.now() + this.offset;
  advance(milliseconds: number): void {
    this.offset += milliseconds;
  }
}

export type TestContext = {
  app: FastifyInstance;
  sql: Sql;
  /** The file's database, for a test that needs a connection of its own. */
  databaseUrl: string;
  clock: TestClock;
  /** Another app on the same database, e.g. with a different config; closed after the file's tests. */
  buildApp(overrides: Partial<Config>, options?: TestAppOptions): Promise<FastifyInstance>;
  /** The notifier an app of this context publishes with, for a test that publishes a change itself. */
  notifierOf(app: FastifyInstance): SyncNotifier;
};

export type TestAppOptions = Pick<
  AppOptions,
  'liveHeartbeatMs' | 'notifier' | 'onRoute' | 'requestTimeoutMs' | 'photoStorage' | 'voiceToolsFound'
>;

/** The in-process notifier, keeping every change published through it in order: for tests that count pokes. */
export function createRecordingNotifier(): SyncNotifier & { published: FamilyChange[] } {
  const local = createLocalNotifier();
  const published: FamilyChange[] = [];
  return {
    ...local,
    published,
    async publish(change) {
      published.push(change);
      await local.publish(change);
    },
  };
}

/**
 * Changes travel through PostgreSQL's LISTEN/NOTIFY on a real server, as in production; the embedded PGlite is one
 * connection, which a LISTEN would hold, so there they stay in the process.
 */
export async function createTestNotifier(sql: Sql): Promise<SyncNotifier> {
  return process.env.DATABASE_URL ? createPostgresNotifier(sql) : createLocalNotifier();
}

/**
 * One fresh database per test file, migrated, and the app built on it with a test config. Call at the top of a
 * test file; the returned context is filled in before the first test runs. `onStatement` sees every statement sent
 * through the context's connections (what the app sends, and the test's own).
 */
export function useTestApp(
  overrides: Partial<Config> = {},
  { onStatement }: { onStatement?: StatementWatcher } = {},
): TestContext {
  let database: TestDatabase | undefined;
  const apps: FastifyInstance[] = [];
  const notifiers = new Map<FastifyInstance, SyncNotifier>();
  const context = {
    clock: new TestClock(),
    async buildApp(configOverrides: Partial<Config>, options: TestAppOptions = {}) {
      const notifier = options.notifier ?? (await createTestNotifier(context.sql));
      const config = testConfig(configOverrides);
      const app = await buildApp({
        config,
        sql: context.sql,
        now: context.clock.now,
        liveHeartbeatMs: options.liveHeartbeatMs,
        notifier,
        onRoute: options.onRoute,
        requestTimeoutMs: options.requestTimeoutMs,
        photoStorage: options.photoStorage,
        voiceToolsFound: options.voiceToolsFound,
        checkResponses: true,
      });
      apps.push(app);
      notifiers.set(app, notifier);
      return app;
    },
    notifierOf(app: FastifyInstance) {
      const notifier = notifiers.get(app);
      if (!notifier) throw new Error('not an app of this test context');
      return notifier;
    },
  } as TestContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    context.databaseUrl = database.url;
    context.sql = connect(database.url, database.poolMax, onStatement);
    await runMigrations(context.sql);
    context.app = await context.buildApp(overrides);
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all([...notifiers.values()].map((notifier) => notifier.close()));
    await context.sql?.end({ timeout: 5 });
    await database?.close();
  });

  return context;
}

let accounts = 0;

export type TestAccount = {
  user: User;
  cookie: string;
  username: string;
  email: string;
  password: string;
};

export function newAccount(overrides: Partial<{ username: string; email: string; password: string }> = {}) {
  accounts += 1;
  const unique = `${accounts}${randomBytes(3).toString('hex')}`;
  return {
    username: `member${unique}`,
    email: `member${unique}@example.test`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** `name=value` of the session cookie a response set, ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === sessionCookieName);
  if (!cookie?.value) throw new Error(`no ${sessionCookieName} cookie in the response (status ${response.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; password: string }> = {},
): Promise<TestAccount> {
  const account = newAccount(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { ...account, confirmPassword: account.password },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { ...account, user: response.json<{ user: User }>().user, cookie: sessionCookie(response) };
}

export async function logIn(app: FastifyInstance, email: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

/**
 * The app with email configured, as a server with SMTP_URL and PUBLIC_URL set, sending to a local SMTP peer for the
 * whole test file; `mailsTo` is what reached one address.
 */
export function useMailingApp(context: TestContext) {
  let server: Awaited<ReturnType<typeof startTestMailServer>>;
  const mailing = {
    app: undefined as unknown as FastifyInstance,
    mailsTo: (email: string) =>
      server.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email),
  };
  beforeAll(async () => {
    server = await startTestMailServer();
    mailing.app = await context.buildApp({
      mail: { smtpUrl: server.smtpUrl, from: 'Hearth <hearth@hearth.example>' },
      publicUrl: new URL('https://hearth.example'),
    });
  });
  afterAll(() => server.close());
  return mailing;
}
