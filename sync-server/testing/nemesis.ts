/**
 * The nemesis: several people's devices, each the real sync engine over a real (in-memory) IndexedDB, against the
 * real server on a real database, while requests are dropped, answers are lost after the server committed, requests
 * are delivered twice or late, devices crash and restart, tabs hand over, and the server is put back from a backup.
 * Then the network heals, every device syncs until nothing moves, and the run checks what people would notice: each
 * device shows exactly what the server holds for its families, no write vanished (it is there, deleted by someone,
 * or its author was told it was refused), none was applied twice, nothing is left waiting, and every refusal of the
 * final history reached its author. Everything random comes from the seed, so a failing seed can be run again.
 *
 * Import 'fake-indexeddb/auto' before this module: Dexie's live queries need an IndexedDB when Dexie loads.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import postgres from 'postgres';
import type { User } from '../../schema/entities.ts';
import type { MutationArgs, MutationName, PushResponse } from '../../schema/sync.ts';
import { syncedTables } from '../../schema/synced-tables.ts';
import { HearthDb } from '../../pwa/db/hearth-db.ts';
import { createSyncEngine, type SyncEngine } from '../../pwa/sync/sync-engine.ts';
import { createManualTimers } from '../../pwa/sync/testing/manual-timers.ts';
import { failureKindOfStatus, SyncTransportError, type SyncTransport } from '../../pwa/sync/transport.ts';
import { writeLocally } from '../../pwa/sync/write.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connect, type Sql } from '../database.ts';
import { runMigrations } from '../migrate.ts';
import { createLocalNotifier } from '../sync-notifier.ts';
import { sessionCookieName } from '../plugins/session.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { addMember, TestDevice } from './test-device.ts';
import { phonePhoto, uploadPhotoFile } from './test-photos.ts';

export type NemesisOptions = {
  seed: number;
  /** Random actions before the network heals. */
  steps?: number;
  people?: number;
  /** Put the server back from a backup once (needs DATABASE_URL: a real PostgreSQL can copy a database). */
  restore?: boolean;
};

export type NemesisReport = {
  seed: number;
  writes: number;
  faults: { dropped: number; answersLost: number; duplicated: number; delayed: number };
  restarts: number;
  tabSwitches: number;
  restores: number;
  refusals: number;
  /** Writes the server applied after the backup was taken and before it was put back: gone with that history. */
  lostToRestore: number;
  /** What the checks found: empty when every device is right. */
  divergences: string[];
};

/** mulberry32: small, fast and the same everywhere. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (probability: number) => next() < probability,
    pick<T>(items: readonly T[]): T | undefined {
      return items.length === 0 ? undefined : items[Math.floor(next() * items.length)];
    },
    uuid(): string {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}

/**
 * The server, on a database it can put back from a copy as an operator restoring a backup would: a new database
 * made from the copy, so the server sees a different database at start and begins a new history.
 */
class NemesisServer {
  app!: FastifyInstance;
  /** True while the server is stopped for a backup or a restore: requests find nobody there. */
  down = false;
  private sql!: Sql;
  private readonly copies: string[] = [];
  private snapshotName: string | null = null;

  private constructor(
    private readonly database: TestDatabase,
    private url: string,
  ) {}

  static async start(): Promise<NemesisServer> {
    const database = await createTestDatabase();
    const server = new NemesisServer(database, database.url);
    await server.open();
    return server;
  }

  get canRestore(): boolean {
    return Boolean(process.env.DATABASE_URL);
  }

  get db(): Sql {
    return this.sql;
  }

  private async open(): Promise<void> {
    this.sql = connect(this.url, this.canRestore ? 5 : 1);
    await runMigrations(this.sql);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: join(tmpdir(), `hearth-nemesis-${randomBytes(4).toString('hex')}`),
      STATIC_DIR: join(tmpdir(), `hearth-nemesis-no-build-${randomBytes(4).toString('hex')}`),
      AUTH_RATE_LIMIT_PER_IP: '1000000',
    });
    this.app = await buildApp({ config, sql: this.sql, notifier: createLocalNotifier() });
  }

  private async close(): Promise<void> {
    await this.app.close();
    await this.sql.end({ timeout: 5 });
  }

  /** Runs `work` with no connection to the current database, as copying one needs. */
  private async whileClosed(work: (admin: postgres.Sql, current: string) => Promise<void>): Promise<void> {
    this.down = true;
    await this.close();
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      await work(admin, new URL(this.url).pathname.slice(1));
    } finally {
      await admin.end();
    }
    await this.open();
    this.down = false;
  }

  /** The backup: a copy of the database as it is now. */
  async snapshot(): Promise<void> {
    await this.whileClosed(async (admin, current) => {
      const name = `hearth_backup_${randomBytes(6).toString('hex')}`;
      await admin`create database ${admin(name)} template ${admin(current)}`;
      this.copies.push(name);
      this.snapshotName = name;
    });
  }

  get hasSnapshot(): boolean {
    return this.snapshotName !== null;
  }

  /** Restores the backup into a new database and serves from it; whatever happened since the backup is gone. */
  async restore(): Promise<void> {
    const snapshot = this.snapshotName;
    if (!snapshot) throw new Error('no backup to restore');
    await this.whileClosed(async (admin) => {
      const name = `hearth_restored_${randomBytes(6).toString('hex')}`;
      await admin`create database ${admin(name)} template ${admin(snapshot)}`;
      this.copies.push(name);
      const restored = new URL(this.url);
      restored.pathname = `/${name}`;
      this.url = restored.href;
    });
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
    await this.database.close();
  }
}

type Person = { user: User; cookie: string; username: string; email: string; password: string };

/** One person's browser: a database, one or two tabs open on it, one of them syncing. */
type Device = {
  label: string;
  person: Person;
  tabs: HearthDb[];
  leader: number;
  engine: SyncEngine;
  clock: ReturnType<typeof createManualTimers>;
  /** The request being answered, if any: what a device that never settles was waiting for. */
  inFlight: string | null;
  /** Requests made so far: a device that never settles while this grows is looping. */
  requests: number;
  /** The last request and its answer: what a looping device keeps asking (written out only then). */
  lastExchange: { path: string; body: unknown; response: LightMyRequestResponse } | null;
};

type Delayed = { device: Device; path: string; body: unknown };

const writeKey = (name: string, args: unknown) => `${name} ${JSON.stringify(args)}`;

export async function runNemesis({
  seed,
  steps = 80,
  people = 3,
  restore = true,
}: NemesisOptions): Promise<NemesisReport> {
  const random = seededRandom(seed);
  const server = await NemesisServer.start();
  const report: NemesisReport = {
    seed,
    writes: 0,
    faults: { dropped: 0, answersLost: 0, duplicated: 0, delayed: 0 },
    restarts: 0,
    tabSwitches: 0,
    restores: 0,
    refusals: 0,
    lostToRestore: 0,
    divergences: [],
  };
  let faulty = true;
  const delayed: Delayed[] = [];
  /** Refusals the server answered, by device, in the history that stands (a restore forgets its own). */
  const refusedByServer = new Map<Device, Set<string>>();
  const devices: Device[] = [];
  /** Posts, comments and messages each device created: each must end on the server, deleted by someone, or refused. */
  const created: { device: Device; table: 'posts' | 'comments' | 'messages'; id: string; postId?: string; key: string }[] = [];
  const deleteIssued = new Set<string>();
  /** Where the server's history stood when it applied each write: only writes applied between backup and restore may go. */
  let history: 'before-backup' | 'after-backup' | 'restored' = 'before-backup';
  const appliedAfterBackup = new Set<string>();

  const inject = (device: Device, path: string, body: unknown) =>
    server.app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: device.person.cookie },
      payload: body as object,
    });

  function observe(device: Device, body: unknown, response: LightMyRequestResponse): void {
    if (response.statusCode !== 200 && response.statusCode !== 503) return;
    const answer = response.json<Partial<PushResponse>>();
    const sent = (body as { mutations?: { seq: number; name: string; args: unknown }[] }).mutations ?? [];
    for (const result of answer.results ?? []) {
      const refused = result.status === 'rejected' || (result.status === 'duplicate' && 'reason' in result);
      const mutation = sent.find((candidate) => candidate.seq === result.seq);
      if (!mutation) continue;
      if (result.status === 'applied' && history === 'after-backup') {
        appliedAfterBackup.add(writeKey(mutation.name, mutation.args));
      }
      if (!refused) continue;
      const seen = refusedByServer.get(device) ?? new Set<string>();
      seen.add(writeKey(mutation.name, mutation.args));
      refusedByServer.set(device, seen);
    }
  }

  async function deliver(device: Device, path: string, body: unknown): Promise<unknown> {
    if (server.down) throw new SyncTransportError('network', 'nemesis: the server is down for a restore');
    if (faulty && random.chance(0.06)) {
      report.faults.dropped += 1;
      throw new SyncTransportError('network', 'nemesis: dropped');
    }
    if (faulty && random.chance(0.04)) {
      // Held somewhere on the way; it arrives later, long after the device gave up on it.
      report.faults.delayed += 1;
      delayed.push({ device, path, body });
      throw new SyncTransportError('network', 'nemesis: delayed');
    }
    let response = await inject(device, path, body);
    observe(device, body, response);
    device.lastExchange = { path, body, response };
    if (faulty && random.chance(0.06)) {
      report.faults.duplicated += 1;
      response = await inject(device, path, body);
      observe(device, body, response);
    }
    if (faulty && random.chance(0.08)) {
      report.faults.answersLost += 1;
      throw new SyncTransportError('network', 'nemesis: the answer was lost');
    }
    if (response.statusCode === 200) return response.json();
    const answer = safeJson(response);
    throw new SyncTransportError(failureKindOfStatus(response.statusCode), `${path} answered ${response.statusCode}`, {
      partialPush: response.statusCode === 503 && isPushAnswer(answer) ? answer : undefined,
      historyChanged: response.statusCode === 409 ? (answer as { epoch: string; lastAppliedSeq: number }) : undefined,
    });
  }

  async function tracked(device: Device, path: string, body: unknown): Promise<unknown> {
    device.inFlight = path;
    device.requests += 1;
    try {
      return await deliver(device, path, body);
    } finally {
      device.inFlight = null;
    }
  }

  function transportFor(device: () => Device): SyncTransport {
    return {
      push: (request) => tracked(device(), '/api/sync/push', request) as Promise<PushResponse>,
      pull: (request) => tracked(device(), '/api/sync/pull', request) as never,
      // Pokes only make a device pull sooner; the nemesis asks devices to sync itself.
      openLive: () => () => {},
    };
  }

  function startEngine(device: Device): SyncEngine {
    const engine = createSyncEngine({
      db: device.tabs[device.leader]!,
      userId: device.person.user.id,
      transport: transportFor(() => device),
      timers: device.clock.timers,
      random: random.next,
    });
    engine.start();
    return engine;
  }

  async function settle(device: Device): Promise<void> {
    device.engine.requestSync();
    // Retries wait on the device's own clock: moving it on runs them at once.
    for (let turn = 0; turn < 4; turn += 1) {
      await settled(device);
      device.clock.advance(120_000);
    }
    await settled(device);
  }

  /** A device whose engine never stops working (a loop) is a finding too, not a hung test. */
  async function settled(device: Device): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const requestsBefore = device.requests;
    const stuck = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const waitingFor = device.inFlight ? `an answer to ${device.inFlight}` : 'no request';
        const phase = device.engine.status.get().phase;
        const made = device.requests - requestsBefore;
        reject(
          new NemesisStuck(
            `${device.label}: its sync never settled (${phase}, waiting for ${waitingFor}, ${made} requests meanwhile; ` +
              `last: ${describeExchange(device.lastExchange)})`,
          ),
        );
      }, 15_000);
    });
    try {
      await Promise.race([device.engine.whenSettled(), stuck]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function signUp(label: string): Promise<Person> {
    const account = {
      username: `${label}${seed}x${random.uuid().slice(0, 6)}`,
      email: `${label}.${seed}.${random.uuid().slice(0, 6)}@example.test`,
      password: 'nemesis-password-1',
    };
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...account, confirmPassword: account.password },
    });
    const cookie = response.cookies.find((candidate) => candidate.name === sessionCookieName);
    if (response.statusCode !== 201 || !cookie) throw new Error(`signup failed: ${response.body}`);
    return { ...account, user: response.json<{ user: User }>().user, cookie: `${cookie.name}=${cookie.value}` };
  }

  function newDevice(person: Person, label: string, tabs: number): Device {
    const factory = new IDBFactory();
    const name = `hearth-${person.user.id}`;
    const device: Device = {
      label,
      person,
      tabs: Array.from({ length: tabs }, () => new HearthDb(name, { indexedDB: factory, IDBKeyRange })),
      leader: 0,
      engine: undefined as unknown as SyncEngine,
      clock: createManualTimers(),
      inFlight: null,
      requests: 0,
      lastExchange: null,
    };
    device.engine = startEngine(device);
    devices.push(device);
    return device;
  }

  async function write<N extends MutationName>(device: Device, tab: HearthDb, name: N, args: MutationArgs<N>) {
    const user = device.person.user;
    await writeLocally(tab, { signedInUser: { ...user } }, name, args);
    report.writes += 1;
  }

  /** Something a person would do, on what their screen shows; some of it the server will refuse. */
  async function act(device: Device): Promise<void> {
    const tab = random.pick(device.tabs)!;
    const families = await tab.families.toArray();
    const family = random.pick(families);
    if (!family) return;
    const posts = await tab.posts.where('familyId').equals(family.id).toArray();
    const comments = await tab.comments.where('familyId').equals(family.id).toArray();
    const post = random.pick(posts);
    const comment = random.pick(comments);
    const text = (what: string) => `${what} ${seed}-${report.writes}-${random.uuid().slice(0, 8)}`;
    const roll = random.next();
    if (roll < 0.3 || !post) {
      const args = { postId: random.uuid(), familyId: family.id, content: text('Post') };
      await write(device, tab, 'post.create', args);
      created.push({ device, table: 'posts', id: args.postId, key: writeKey('post.create', args) });
    } else if (roll < 0.5) {
      const args = { commentId: random.uuid(), postId: post.id, content: text('Comment') };
      await write(device, tab, 'comment.create', args);
      created.push({ device, table: 'comments', id: args.commentId, postId: post.id, key: writeKey('comment.create', args) });
    } else if (roll < 0.65) {
      await write(device, tab, 'reaction.set', { postId: post.id, reactionType: 'like', reacted: random.chance(0.6) });
    } else if (roll < 0.75) {
      // Someone else's post is refused: only its author edits it.
      await write(device, tab, 'post.update', { postId: post.id, content: text('Edited') });
    } else if (roll < 0.82) {
      deleteIssued.add(post.id);
      await write(device, tab, 'post.delete', { postId: post.id });
    } else if (roll < 0.9 && comment) {
      deleteIssued.add(comment.id);
      await write(device, tab, 'comment.delete', { commentId: comment.id });
    } else if (roll < 0.92) {
      // Photos: their uploader (or an admin) retitles, moves or deletes them; the others are refused.
      const photo = random.pick(await tab.photos.where('familyId').equals(family.id).toArray());
      const album = random.pick(await tab.albums.where('familyId').equals(family.id).toArray());
      if (!photo) return;
      if (random.chance(0.75)) {
        await write(device, tab, 'photo.update', {
          photoId: photo.id,
          albumId: album && random.chance(0.5) ? album.id : null,
          title: text('Photo').slice(0, 60),
          description: null,
        });
      } else {
        deleteIssued.add(photo.id);
        await write(device, tab, 'photo.delete', { photoId: photo.id });
      }
    } else if (roll < 0.94) {
      // Albums: anyone makes one; only its maker or an admin renames or deletes it (the others are refused).
      const album = random.pick(await tab.albums.where('familyId').equals(family.id).toArray());
      const choice = album ? random.next() : 0;
      if (!album || choice < 0.4) {
        await write(device, tab, 'album.create', {
          albumId: random.uuid(),
          familyId: family.id,
          name: text('Album').slice(0, 60),
          description: null,
        });
      } else if (choice < 0.75) {
        await write(device, tab, 'album.update', {
          albumId: album.id,
          name: text('Renamed').slice(0, 60),
          description: random.chance(0.5) ? text('About') : null,
          coverPhotoId: null,
        });
      } else {
        deleteIssued.add(album.id);
        await write(device, tab, 'album.delete', { albumId: album.id });
      }
    } else if (roll < 0.955) {
      // Events: anyone makes one (some already started); only its maker or an admin changes or deletes it; anyone
      // answers one that has not started (answers to the others are refused).
      const event = random.pick(await tab.events.where('familyId').equals(family.id).toArray());
      const choice = event ? random.next() : 0;
      const day = 24 * 60 * 60 * 1000;
      const fields = () => ({
        title: text('Event').slice(0, 60),
        description: random.chance(0.3) ? text('About') : null,
        location: null,
        startDate: new Date(Date.now() + (random.chance(0.2) ? -day : 30 * day)).toISOString(),
        endDate: null,
        timeZone: random.pick(['Europe/London', 'America/New_York', 'Asia/Tokyo'])!,
        allDay: random.chance(0.2),
      });
      if (!event || choice < 0.3) {
        await write(device, tab, 'event.create', { eventId: random.uuid(), familyId: family.id, ...fields() });
      } else if (choice < 0.75) {
        const status = random.pick(['attending', 'not_attending', 'pending'] as const)!;
        await write(device, tab, 'event.rsvp', { eventId: event.id, status });
      } else if (choice < 0.9) {
        await write(device, tab, 'event.update', { eventId: event.id, ...fields() });
      } else {
        deleteIssued.add(event.id);
        await write(device, tab, 'event.delete', { eventId: event.id });
      }
    } else if (roll < 0.985) {
      // Chat: messages (some showing the sender's photo, some someone else's, which is refused), deletes (others'
      // messages are refused unless the sender is an admin) and read positions, which only move forward.
      const message = random.pick(await tab.messages.where('familyId').equals(family.id).toArray());
      const choice = random.next();
      if (!message || choice < 0.6) {
        const photo = random.chance(0.15)
          ? random.pick(await tab.photos.where('familyId').equals(family.id).toArray())
          : undefined;
        const messageId = random.uuid();
        const args = photo
          ? { messageId, familyId: family.id, messageType: 'photo' as const, photoId: photo.id }
          : { messageId, familyId: family.id, messageType: 'text' as const, content: text('Message') };
        await write(device, tab, 'message.send', args);
        created.push({ device, table: 'messages', id: messageId, key: writeKey('message.send', args) });
      } else if (choice < 0.75) {
        deleteIssued.add(message.id);
        await write(device, tab, 'message.delete', { messageId: message.id });
      } else {
        const readThrough = Math.max(1, (message.number ?? 1) + random.pick([-2, 0, 3])!);
        await write(device, tab, 'chat.read', { familyId: family.id, readThrough });
      }
    } else if (roll < 0.995) {
      // Notifications come from others' writes; a person reads one of theirs (already read ones change nothing).
      const notification = random.pick(await tab.notifications.where('familyId').equals(family.id).toArray());
      if (notification) await write(device, tab, 'notification.read', { notificationId: notification.id });
    } else {
      // Only admins may rename: the others' renames are refused.
      await write(device, tab, 'family.rename', { familyId: family.id, name: text('Family').slice(0, 60) });
    }
  }

  try {
    // Everyone in one family, made by the first person; a second family for the first two.
    const persons: Person[] = [];
    for (let index = 0; index < people; index += 1) persons.push(await signUp(`nemesis${index}`));
    for (const [index, person] of persons.entries()) {
      newDevice(person, `${person.username}/phone`, random.chance(0.4) ? 2 : 1);
      if (index < 2 && random.chance(0.5)) newDevice(person, `${person.username}/tablet`, 1);
    }
    const founder = devices[0]!;
    const familyIds = [random.uuid(), random.uuid()];
    for (const [index, familyId] of familyIds.entries()) {
      await write(founder, founder.tabs[0]!, 'family.create', {
        familyId,
        memberId: random.uuid(),
        name: `Nemesis family ${index + 1}`,
      });
    }
    faulty = false;
    await settle(founder);
    for (const person of persons.slice(1)) await addMember(server.db, familyIds[0]!, person.user.id);
    if (persons[1]) await addMember(server.db, familyIds[1]!, persons[1].user.id);
    for (const device of devices) await settle(device);
    // Everyone's phone has a photo whose file reached the server; naming it is a write like any other, faults and all.
    const photoBytes = await phonePhoto({ width: 64, height: 48 });
    for (const person of persons) {
      const device = devices.find((candidate) => candidate.person === person)!;
      const photoId = random.uuid();
      const upload = await uploadPhotoFile(server.app, person.cookie, { familyId: familyIds[0]!, photoId, bytes: photoBytes });
      if (upload.statusCode !== 201) throw new Error(`photo upload failed: ${upload.body}`);
      const args = { photoId, familyId: familyIds[0]!, albumId: null, title: `Photo by ${person.username}`, description: null };
      await write(device, device.tabs[0]!, 'photo.create', args);
    }
    faulty = true;

    for (let step = 0; step < steps; step += 1) {
      const device = random.pick(devices)!;
      const roll = random.next();
      if (roll < 0.45) {
        await act(device);
      } else if (roll < 0.75) {
        await settle(device);
      } else if (roll < 0.82) {
        // The tab crashes mid-way (or the phone kills it) and opens again.
        device.engine.stop();
        await device.engine.whenSettled();
        device.engine = startEngine(device);
        report.restarts += 1;
      } else if (roll < 0.86 && device.tabs.length > 1) {
        // The syncing tab closes; the other one takes over.
        device.engine.stop();
        await device.engine.whenSettled();
        device.leader = (device.leader + 1) % device.tabs.length;
        device.engine = startEngine(device);
        report.tabSwitches += 1;
      } else if (roll < 0.93 && delayed.length > 0) {
        const late = delayed.splice(Math.floor(random.next() * delayed.length), 1)[0]!;
        observe(late.device, late.body, await inject(late.device, late.path, late.body));
      } else if (restore && server.canRestore && !server.hasSnapshot && step > steps / 5) {
        await Promise.all(devices.map((each) => each.engine.whenSettled()));
        await server.snapshot();
        history = 'after-backup';
      } else if (restore && server.hasSnapshot && report.restores === 0 && step > steps / 2) {
        await Promise.all(devices.map((each) => each.engine.whenSettled()));
        await server.restore();
        history = 'restored';
        report.restores += 1;
        // What the lost history refused is gone with it: writes whose answer never arrived are sent again.
        refusedByServer.clear();
      }
    }

    // The network heals: what was held up arrives, then everyone syncs until nothing moves.
    faulty = false;
    for (const late of delayed.splice(0))
      observe(late.device, late.body, await inject(late.device, late.path, late.body));
    let previous = '';
    for (let round = 0; round < 12; round += 1) {
      for (const device of devices) await settle(device);
      const now = JSON.stringify(await Promise.all(devices.map((device) => deviceRows(device.tabs[0]!))));
      if (now === previous) break;
      previous = now;
    }

    await check();
  } catch (error) {
    if (!(error instanceof NemesisStuck)) throw error;
    report.divergences.push(error.message);
  } finally {
    for (const device of devices) {
      device.engine.stop();
      await device.engine.whenSettled();
      for (const tab of device.tabs) tab.close();
    }
    await server.stop();
  }
  return report;

  async function check(): Promise<void> {
    const found = report.divergences;
    const serverRowsOf = new Map<Person, Map<string, unknown>>();
    for (const device of devices) {
      const db = device.tabs[0]!;
      const waiting = await db.outbox.count();
      if (waiting > 0) found.push(`${device.label}: ${waiting} writes still waiting`);
      let expected = serverRowsOf.get(device.person);
      if (!expected) {
        const reader = new TestDevice(server.app, device.person);
        await reader.pullAll();
        expected = new Map([...reader.rows].map(([key, row]) => [key, row]));
        serverRowsOf.set(device.person, expected);
      }
      const actual = await deviceRows(db);
      for (const [key, row] of expected) {
        if (!actual.has(key)) found.push(`${device.label}: missing ${key}`);
        else if (canonical(actual.get(key)) !== canonical(row)) {
          found.push(`${device.label}: ${key} differs: ${canonical(actual.get(key))} vs ${canonical(row)}`);
        }
      }
      for (const key of actual.keys())
        if (!expected.has(key)) found.push(`${device.label}: has ${key}, gone on the server`);

      const told = new Set((await db.refusedWrites.toArray()).map((refused) => writeKey(refused.name, refused.args)));
      report.refusals += told.size;
      for (const key of refusedByServer.get(device) ?? []) {
        if (!told.has(key)) found.push(`${device.label}: the refusal of ${key} never reached its author`);
      }
      for (const write of created.filter((entry) => entry.device === device)) {
        const deleted = deleteIssued.has(write.id) || (write.postId !== undefined && deleteIssued.has(write.postId));
        if (deleted || told.has(write.key)) continue;
        const rows = await server.db`select 1 from ${server.db(write.table)} where id = ${write.id}`;
        if (rows.length > 0) continue;
        // Applied, seen confirmed and forgotten by the device, then lost with the history a restore put back.
        if (appliedAfterBackup.has(write.key)) report.lostToRestore += 1;
        else found.push(`${device.label}: ${write.table}/${write.id} was lost`);
      }
    }
    for (const table of ['posts', 'comments', 'messages'] as const) {
      // A deleted message keeps its row with nothing in it.
      const twice = await server.db<{ content: string }[]>`
        select content from ${server.db(table)} where content <> '' group by content having count(*) > 1
      `;
      for (const { content } of twice) found.push(`${table} applied twice: ${content}`);
    }
    // Each device's messages are numbered in the order they were written there, whatever the faults.
    for (const device of devices) {
      const ids = created.filter((entry) => entry.device === device && entry.table === 'messages').map((entry) => entry.id);
      if (ids.length === 0) continue;
      const numbered = await server.db<{ id: string; number: string }[]>`
        select id, number from messages where id = any(${ids}::uuid[])
      `;
      const numberOf = new Map(numbered.map((row) => [row.id, Number(row.number)]));
      const inWrittenOrder = ids.flatMap((id) => (numberOf.has(id) ? [numberOf.get(id)!] : []));
      if (inWrittenOrder.some((number, index) => index > 0 && number < inWrittenOrder[index - 1]!)) {
        found.push(`${device.label}: messages out of the order written: ${inWrittenOrder.join(', ')}`);
      }
    }
  }
}

class NemesisStuck extends Error {}

function describeExchange(exchange: Device['lastExchange']): string {
  if (!exchange) return 'none';
  const { path, body, response } = exchange;
  return `${path} ${JSON.stringify(body).slice(0, 600)} => ${response.statusCode} ${response.body.slice(0, 600)}`;
}

/** Every synced row a device holds, by `table/id`. */
async function deviceRows(db: HearthDb): Promise<Map<string, unknown>> {
  const rows = new Map<string, unknown>();
  for (const table of syncedTables) {
    for (const row of await db.table(table).toArray()) rows.set(`${table}/${(row as { id: string }).id}`, row);
  }
  return rows;
}

/** JSON with keys in order, so two copies of a row compare by what they hold. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function safeJson(response: LightMyRequestResponse): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

function isPushAnswer(answer: unknown): answer is PushResponse {
  return typeof answer === 'object' && answer !== null && Array.isArray((answer as PushResponse).results);
}
