/**
 * The nemesis: several people's devices, each the real sync engine over a real (in-memory) IndexedDB, against two
 * instances of the real server on one real database, while requests are dropped, answers are lost after the server
 * committed, requests arrive twice or late, pokes on the live channel are lost, doubled and reordered, pull answers
 * come in small pages, devices crash and restart, tabs hand over, people join and leave families, refused writes are
 * retried or discarded, housekeeping lets tombstones go, and the server is put back from a backup.
 *
 * Then the network heals, every device syncs until nothing moves, and the checks (`NemesisCheck`) look at what people
 * would notice and at the protocol underneath: every write each device made was handled by the server exactly once
 * (its ledger against the watermark moves the database recorded, seq by seq), or truly lost to the restore, or refused
 * and its author told; every device's every table and cursor equals the server's; nothing is left waiting; every row
 * a create made is still there or was deleted with a tombstone; a write reaches the others through their pokes alone.
 * Everything random comes from the seed, so a failing seed can be run again (timing aside).
 *
 * Import 'fake-indexeddb/auto' before this module: Dexie's live queries need an IndexedDB when Dexie loads.
 */
import type { LightMyRequestResponse } from 'fastify';
import { liveQuery } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { User } from '../../schema/entities.ts';
import {
  liveChannelPath,
  mutationNames,
  syncedTables,
  type MutationArgs,
  type MutationName,
  type Poke,
  type PullResponse,
  type PushResponse,
  type SyncedFamily,
} from '../../schema/sync.ts';
import { HearthDb } from '../../pwa/db/hearth-db.ts';
import { createSyncEngine, type SyncEngine } from '../../pwa/sync/sync-engine.ts';
import { readCursors } from '../../pwa/sync/sync-state.ts';
import { createManualTimers } from '../../pwa/sync/testing/manual-timers.ts';
import {
  failureKindOfStatus,
  parsePoke,
  SyncTransportError,
  type LiveHandlers,
  type SyncTransport,
} from '../../pwa/sync/transport.ts';
import { discardRefused, retryRefused, writeLocally } from '../../pwa/sync/write.ts';
import { sessionCookieName } from '../plugins/session.ts';
import { currentEpoch } from '../repositories/sync-history-repository.ts';
import { storedIn } from '../repositories/synced-storage.ts';
import { parseLiveEvent } from './live-stream.ts';
import {
  firstWrites,
  nemesisActions,
  pickMutation,
  rowsCreatedBy,
  shownOnlyOncePulled,
  type ActionContext,
  type FirstWriteContext,
  type Random,
} from './nemesis-actions.ts';
import type { StatementWatcher } from '../database.ts';
import { NemesisServer, type HandledSeq, type RestoreKind } from './nemesis-server.ts';
import { TestDevice } from './test-device.ts';
import { phonePhoto, uploadPhotoFile } from './test-photos.ts';
import { recording, uploadVoiceFile } from './test-voice.ts';

export type NemesisOptions = {
  seed: number;
  /** Random actions before the network heals. */
  steps?: number;
  /** People at the start; up to two more sign up and join during the run. */
  people?: number;
  /**
   * How the server is put back from a backup once during the run (needs DATABASE_URL: a real PostgreSQL): `in-place`
   * is `pg_restore --clean` into the same database, `new-database` into a new one, `snapshot` one nothing in the
   * database tells from a restart. By default the seed picks in turn, so any three seeds try each (decisions 0037,
   * 0050).
   */
  restore?: RestoreKind | 'none';
  /** Server instances on the one database (one on the embedded PGlite). */
  instances?: number;
  /** Most changes in a pull's answer: small, so devices page through their families. */
  pullPageMax?: { first: number; resumed: number };
  /** Runs on the database the run filled, once everyone settled, before it is dropped (with the instances up). */
  whenSettled?: (databaseUrl: string) => Promise<void>;
  /** Sees every statement the server instances send. */
  onStatement?: StatementWatcher;
};

/** What each check looks at; a divergence names the check that found it. */
export type NemesisCheck =
  /** Every device's sync comes to rest (a device that keeps asking, or waits for ever, is a finding). */
  | 'settles'
  /** No device's seq is handled twice by the server, no write under two seqs, and each handled seq was one write. */
  | 'exactly-once'
  /** Every write in a device's ledger was handled by the server's history, truly lost to a restore, or refused. */
  | 'every-write-lands'
  /** Every write the server refused reached its author (or they retried or discarded it). */
  | 'refusals-told'
  /** Nothing is left in any outbox. */
  | 'nothing-waiting'
  /** Every table of every device holds exactly what the server sends its person. */
  | 'device-equals-server'
  /** Every device's cursors are the server's family versions, and only for its person's families. */
  | 'cursors'
  /** Every row an applied create made is on the server, or was deleted with a tombstone. */
  | 'created-rows'
  /** Each device's messages are numbered in the order they were written there. */
  | 'message-order'
  /** Every mutation there is was applied by the server at least once in the run. */
  | 'every-mutation'
  /** Every mutation, made where it is allowed, changes its writer's screen at once, before any sync: it works offline. */
  | 'shown-at-once'
  /** A restore, of whatever kind, began a new history: the epoch at the end is not the one the backup holds. */
  | 'new-history'
  /** With the network healed, a write reaches every other member's open device by its poke alone. */
  | 'pokes';

export type Divergence = { check: NemesisCheck; detail: string };

export type NemesisReport = {
  seed: number;
  writes: number;
  /** Writes made, by mutation: which of the weighted table a run tried. */
  writesByMutation: Partial<Record<MutationName, number>>;
  /** Writes the server applied (in any history), by mutation: every one above nothing, or `every-mutation` says. */
  appliedByMutation: Record<MutationName, number>;
  faults: {
    dropped: number;
    answersLost: number;
    duplicated: number;
    delayed: number;
    pokesLost: number;
    pokesDuplicated: number;
    pokesReordered: number;
    restarts: number;
    tabSwitches: number;
    restores: number;
    housekeeping: number;
    joins: number;
  };
  /** Refused writes the person chose to send again, or to let go. */
  retries: number;
  discards: number;
  /** Refusals their authors were shown at the end. */
  refusals: number;
  /** Pull answers cut short (`more`), and pokes that reached a device. */
  pages: number;
  pokes: number;
  /** What the backup (`pg_dump`) and the restore (servers down, restored, up again) took, in milliseconds. */
  backupMs: number;
  restoreMs: number;
  /** Writes applied after the backup was taken, seen confirmed and forgotten by their device: gone with that history. */
  lostToRestore: number;
  /** What the checks found: empty when every device is right. */
  divergences: Divergence[];
};

/** The sum of `report.faults`: what the nemesis did to the system in one run. */
export function faultCount(report: NemesisReport): number {
  return Object.values(report.faults).reduce((sum, count) => sum + count, 0);
}

/** mulberry32: small, fast and the same everywhere. */
function seededRandom(seed: number): Random {
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

type Person = { user: User; cookie: string; username: string };

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
  /** Its live channel's last attempt: `opened` settles true once the server said `ready`, false if it never did. */
  live: { opened: Promise<boolean> };
  /** A poke held back, delivered after the next one (reordered). */
  heldPoke: (() => void) | null;
};

/** One write a device made, as its ledger keeps it: known by when it was written (unique in a run). */
type LedgerWrite = {
  writtenAt: string;
  device: Device;
  name: MutationName;
  args: unknown;
  /** The person chose Retry (a new write) or Discard on its refusal. */
  resolvedBy?: 'retry' | 'discard';
};

type Delayed = { device: Device; path: string; body: unknown };

/** The server's answer to one seq: handled now (applied or refused), or a duplicate of an earlier handling. */
type Answer = 'applied' | 'refused' | 'duplicate' | 'duplicate-refused';

const twoMinutes = 120_000;

const restoreKinds: readonly RestoreKind[] = ['new-database', 'in-place', 'snapshot'];

export async function runNemesis({
  seed,
  steps = 100,
  people = 3,
  restore = restoreKinds[seed % restoreKinds.length]!,
  instances = 2,
  pullPageMax = { first: 4, resumed: 6 },
  whenSettled,
  onStatement,
}: NemesisOptions): Promise<NemesisReport> {
  // Separate streams, so that faults landing on other timings do not change which actions follow.
  const random = seededRandom(seed);
  const network = seededRandom(seed ^ 0x5bd1e995);
  const pokeFaults = seededRandom(seed ^ 0x27d4eb2d);
  const jitter = seededRandom(seed ^ 0x165667b1);
  const server = await NemesisServer.start({ instances, pullPageMax, onStatement });
  const report: NemesisReport = {
    seed,
    writes: 0,
    writesByMutation: {},
    appliedByMutation: Object.fromEntries(mutationNames.map((name) => [name, 0])) as Record<MutationName, number>,
    faults: {
      dropped: 0,
      answersLost: 0,
      duplicated: 0,
      delayed: 0,
      pokesLost: 0,
      pokesDuplicated: 0,
      pokesReordered: 0,
      restarts: 0,
      tabSwitches: 0,
      restores: 0,
      housekeeping: 0,
      joins: 0,
    },
    retries: 0,
    discards: 0,
    refusals: 0,
    pages: 0,
    pokes: 0,
    backupMs: 0,
    restoreMs: 0,
    lostToRestore: 0,
    divergences: [],
  };
  const found = (check: NemesisCheck, detail: string) => report.divergences.push({ check, detail });
  let faulty = true;
  /** The server answers pushes but every pull fails: it is going down (for a restore) right after acknowledging. */
  let pullsFail = false;
  const delayed: Delayed[] = [];
  const persons: Person[] = [];
  const devices: Device[] = [];
  const deviceById = new Map<string, Device>();
  /** Every write of every device, by when it was written. */
  const ledger = new Map<string, LedgerWrite>();
  /** The writes sent under each `device|epoch|seq|stretch` (NemesisServer.stretch) the server answered. */
  const sentUnder = new Map<string, Set<string>>();
  const answers = new Map<string, Answer[]>();
  /** Watermark moves of a history a restore put away, made after its backup was taken. */
  const handledThenLost: HandledSeq[] = [];
  /** Each device's outbox (by `writtenAt`) while the server was down for the restore: all it could send again. */
  const outboxAtRestore = new Map<Device, Set<string>>();
  let lastWrittenAt = 0;
  const photoBytes = await phonePhoto({ width: 64, height: 48 });
  const voiceBytes = await recording('chromeWebm', { seconds: 1 });

  const seqKey = (deviceId: string, epoch: string, seq: number, stretch = server.stretch) =>
    `${deviceId}|${epoch}|${seq}|${stretch}`;
  const keyOf = (row: HandledSeq) => seqKey(row.deviceId, row.epoch, row.seq, row.stretch);
  const labelOf = (deviceId: string) => deviceById.get(deviceId)?.label ?? `device ${deviceId}`;
  const describe = (write: LedgerWrite) => `${write.name} ${JSON.stringify(write.args)} (written ${write.writtenAt})`;
  const anyInstance = () => network.pick(server.instances)!;

  /** Times that tell writes apart: the nemesis makes several in one millisecond. */
  function nextWrittenAt(): string {
    lastWrittenAt = Math.max(Date.now(), lastWrittenAt + 1);
    return new Date(lastWrittenAt).toISOString();
  }

  /** Notes what the server said to each seq, answers lost on the way included. */
  function observe(path: string, body: unknown, response: LightMyRequestResponse): void {
    if (response.statusCode !== 200 && response.statusCode !== 503) return;
    const answer = safeJson(response);
    if (path.endsWith('/pull')) {
      if ((answer as Partial<PullResponse> | undefined)?.more) report.pages += 1;
      return;
    }
    if (!isPushAnswer(answer)) return;
    const request = body as { deviceId: string; mutations: { seq: number; writtenAt: string }[] };
    for (const result of answer.results) {
      const mutation = request.mutations.find((candidate) => candidate.seq === result.seq);
      if (!mutation) continue;
      const key = seqKey(request.deviceId, answer.epoch, result.seq);
      sentUnder.set(key, (sentUnder.get(key) ?? new Set()).add(mutation.writtenAt));
      const said: Answer =
        result.status === 'applied'
          ? 'applied'
          : result.status === 'rejected'
            ? 'refused'
            : result.reason === undefined
              ? 'duplicate'
              : 'duplicate-refused';
      answers.set(key, [...(answers.get(key) ?? []), said]);
    }
  }

  async function inject(device: Device, path: string, body: unknown): Promise<LightMyRequestResponse> {
    deviceById.set((body as { deviceId: string }).deviceId, device);
    const response = await anyInstance().app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: device.person.cookie },
      payload: body as object,
    });
    observe(path, body, response);
    return response;
  }

  async function deliver(device: Device, path: string, body: unknown): Promise<unknown> {
    if (server.down || (pullsFail && path.endsWith('/pull'))) {
      throw new SyncTransportError('network', 'nemesis: the server is down for a restore');
    }
    if (faulty && network.chance(0.06)) {
      report.faults.dropped += 1;
      throw new SyncTransportError('network', 'nemesis: dropped');
    }
    if (faulty && network.chance(0.04)) {
      // Held somewhere on the way; it arrives later, long after the device gave up on it.
      report.faults.delayed += 1;
      delayed.push({ device, path, body });
      throw new SyncTransportError('network', 'nemesis: delayed');
    }
    let response = await inject(device, path, body);
    device.lastExchange = { path, body, response };
    if (faulty && network.chance(0.06)) {
      report.faults.duplicated += 1;
      response = await inject(device, path, body);
    }
    if (faulty && network.chance(0.08)) {
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

  /** A poke as the network brings it: lost, doubled, or held back until after the next one. */
  function poke(device: Device, handlers: LiveHandlers, poked: Poke): void {
    report.pokes += 1;
    const held = device.heldPoke;
    device.heldPoke = null;
    if (faulty && pokeFaults.chance(0.1)) {
      report.faults.pokesLost += 1;
    } else if (faulty && pokeFaults.chance(0.1)) {
      report.faults.pokesReordered += 1;
      device.heldPoke = () => handlers.onPoke(poked);
    } else {
      handlers.onPoke(poked);
      if (faulty && pokeFaults.chance(0.06)) {
        report.faults.pokesDuplicated += 1;
        handlers.onPoke(poked);
      }
    }
    held?.();
  }

  /** The real live channel of one of the instances, over HTTP, read as a browser's EventSource reads it. */
  function openLive(device: Device, handlers: LiveHandlers): () => void {
    const controller = new AbortController();
    let closed = false;
    let opened: (open: boolean) => void = () => {};
    device.live = { opened: new Promise<boolean>((resolve) => (opened = resolve)) };
    const instance = server.down ? undefined : anyInstance();
    void (async () => {
      try {
        if (!instance) throw new Error('the server is down');
        const response = await fetch(`${instance.baseUrl}${liveChannelPath}`, {
          headers: { cookie: device.person.cookie },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`the live channel answered ${response.status}`);
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of response.body) {
          buffer += decoder.decode(chunk, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const event = parseLiveEvent(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (closed) return;
            if (event.event === 'ready') {
              opened(true);
              handlers.onOpen();
            } else if (event.event === 'heartbeat') {
              handlers.onHeartbeat();
            } else if (event.event === 'poke' && event.data) {
              const poked = parsePoke(event.data);
              if (poked) poke(device, handlers, poked);
            }
          }
        }
      } catch {
        // Closed by the engine, or the server went away: either way the channel has ended.
      } finally {
        opened(false);
        if (!closed) handlers.onError();
      }
    })();
    return () => {
      closed = true;
      controller.abort();
    };
  }

  function startEngine(device: Device): SyncEngine {
    const transport: SyncTransport = {
      push: (request) => tracked(device, '/api/sync/push', request) as Promise<PushResponse>,
      pull: (request) => tracked(device, '/api/sync/pull', request) as never,
      openLive: (handlers) => openLive(device, handlers),
    };
    const engine = createSyncEngine({
      db: device.tabs[device.leader]!,
      userId: device.person.user.id,
      transport,
      timers: device.clock.timers,
      random: jitter.next,
    });
    engine.start();
    return engine;
  }

  /** The syncing tab closes (a crash, the phone killing it) and `nextLeader` opens, or takes over. */
  async function restartEngine(device: Device, nextLeader = device.leader): Promise<void> {
    device.engine.stop();
    await device.engine.whenSettled();
    device.leader = nextLeader;
    device.engine = startEngine(device);
  }

  async function settle(device: Device): Promise<void> {
    device.engine.requestSync();
    for (let turn = 0; turn < 8; turn += 1) {
      await settled(device);
      if (device.engine.status.get().phase === 'idle') return;
      // A failed run is retried after a backoff on the device's own clock: moving it to the next timer runs that.
      device.clock.advance(Math.min(...device.clock.pendingTimeouts(), twoMinutes));
    }
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

  const quiesce = () => Promise.all(devices.map((device) => device.engine.whenSettled()));

  /** A REST call of the app's, such as inviting someone (not a sync request: the network's faults spare it). */
  function call(person: Person, url: string, payload?: object) {
    return anyInstance().app.inject({ method: 'POST', url, headers: { cookie: person.cookie }, payload });
  }

  async function signUp(label: string): Promise<Person> {
    const account = {
      username: `${label}${seed}x${random.uuid().slice(0, 6)}`,
      email: `${label}.${seed}.${random.uuid().slice(0, 6)}@example.test`,
      password: 'nemesis-password-1',
    };
    const response = await anyInstance().app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...account, confirmPassword: account.password },
    });
    const cookie = response.cookies.find((candidate) => candidate.name === sessionCookieName);
    if (response.statusCode !== 201 || !cookie) throw new Error(`signup failed: ${response.body}`);
    const person = {
      username: account.username,
      user: response.json<{ user: User }>().user,
      cookie: `${cookie.name}=${cookie.value}`,
    };
    persons.push(person);
    return person;
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
      live: { opened: Promise.resolve(false) },
      heldPoke: null,
    };
    device.engine = startEngine(device);
    devices.push(device);
    return device;
  }

  async function write<N extends MutationName>(device: Device, tab: HearthDb, name: N, args: MutationArgs<N>) {
    const writtenAt = nextWrittenAt();
    await writeLocally(tab, { signedInUser: { ...device.person.user }, now: writtenAt }, name, args);
    ledger.set(writtenAt, { writtenAt, device, name, args });
    report.writes += 1;
    report.writesByMutation[name] = (report.writesByMutation[name] ?? 0) + 1;
  }

  function actionContext(device: Device, tab: HearthDb, family: SyncedFamily): ActionContext {
    return {
      tab,
      family,
      userId: device.person.user.id,
      random,
      text: (what) => `${what} ${seed}-${report.writes}-${random.uuid().slice(0, 8)}`,
      async uploadPhoto(familyId, photoId) {
        const { app } = anyInstance();
        const upload = await uploadPhotoFile(app, device.person.cookie, { familyId, photoId, bytes: photoBytes });
        return upload.statusCode === 201;
      },
      async uploadVoice(familyId, voiceNoteId) {
        const { app } = anyInstance();
        const upload = await uploadVoiceFile(app, device.person.cookie, { familyId, voiceNoteId, bytes: voiceBytes });
        return upload.statusCode === 201;
      },
    };
  }

  /**
   * Every mutation once, in the order of `firstWrites`, on the syncing tabs of the founder and the second person. A
   * mutation with nothing to work on yet (the member's notification) is asked again once both devices have synced.
   * Each changes what its writer sees at once, or its device's side is missing (`shown-at-once`).
   */
  async function writeEveryMutation(first: SyncedFamily, second: SyncedFamily): Promise<void> {
    const [founder, member] = [persons[0]!, persons[1]!].map(
      (person) => devices.find((device) => device.person === person)!,
    ) as [Device, Device];
    const tabOf = (device: Device) => device.tabs[device.leader]!;
    const context: FirstWriteContext = {
      founder: actionContext(founder, tabOf(founder), first),
      member: actionContext(member, tabOf(member), first),
      secondFamily: second,
    };
    for (const name of Object.keys(firstWrites) as (keyof typeof firstWrites)[]) {
      let writes = await firstWrites[name](context);
      if (writes.length === 0) {
        await settle(founder);
        await settle(member);
        writes = await firstWrites[name](context);
      }
      for (const { by, args } of writes) {
        const before = canonical([...(await deviceRows(by.tab))]);
        await write(by === context.founder ? founder : member, by.tab, name, args as never);
        if (!shownOnlyOncePulled.has(name) && canonical([...(await deviceRows(by.tab))]) === before) {
          found('shown-at-once', `${name} ${JSON.stringify(args)} changed nothing on its writer's screen`);
        }
      }
    }
    // The member goes back into the second family, as the set-up had them.
    await invite(persons[0]!, second.id, persons[1]!);
  }

  /** Something a person would do, on what their screen shows; some of it the server will refuse. */
  async function act(device: Device): Promise<void> {
    const tab = random.pick(device.tabs)!;
    const family = random.pick(await tab.families.orderBy('id').toArray());
    if (!family) return;
    const context = actionContext(device, tab, family);
    let name = pickMutation(random);
    let args: unknown = await nemesisActions[name].args(context);
    if (args === null) {
      name = 'post.create';
      args = await nemesisActions['post.create'].args(context);
    }
    await write(device, tab, name, args as never);
  }

  /** The person looks at a write the server refused and chooses Retry (sent again as a new write) or Discard. */
  async function retryOrDiscard(device: Device): Promise<void> {
    const tab = random.pick(device.tabs)!;
    const refused = random.pick(await tab.refusedWrites.orderBy('id').toArray());
    if (!refused) return;
    const original = ledger.get(refused.createdAt);
    if (random.chance(0.5)) {
      const writtenAt = nextWrittenAt();
      if ((await retryRefused(tab, refused.id, writtenAt)) === undefined) return;
      ledger.set(writtenAt, { writtenAt, device, name: refused.name, args: refused.args });
      report.writes += 1;
      report.retries += 1;
      if (original) original.resolvedBy = 'retry';
    } else {
      await discardRefused(tab, refused.id);
      report.discards += 1;
      if (original) original.resolvedBy = 'discard';
    }
  }

  /** An admin invites someone to a family by a link, and they accept it. */
  async function invite(inviter: Person, familyId: string, joiner: Person): Promise<void> {
    const invitation = await call(inviter, `/api/families/${familyId}/invitations`);
    if (invitation.statusCode !== 201) throw new Error(`invitation failed: ${invitation.body}`);
    const { token } = invitation.json<{ token: string }>();
    const accepted = await call(joiner, '/api/invitations/accept', { token, relationshipType: 'other' });
    if (accepted.statusCode !== 201) throw new Error(`joining failed: ${accepted.body}`);
  }

  /**
   * Someone joins a family: a person here already who is not in it, or someone new with a new phone. (Leaving is a
   * write like any other: `member.remove`.)
   */
  async function join(): Promise<void> {
    const memberships = await server.db<{ family_id: string; user_id: string; role: string }[]>`
      select family_id, user_id, role from family_members order by family_id, user_id
    `;
    const familyId = random.pick([...new Set(memberships.map((row) => row.family_id))]);
    if (!familyId) return;
    const members = memberships.filter((row) => row.family_id === familyId);
    const inviter = persons.find((person) =>
      members.some((member) => member.user_id === person.user.id && member.role === 'admin'),
    );
    if (!inviter) return;
    let joiner = random.pick(persons.filter((person) => !members.some((member) => member.user_id === person.user.id)));
    if (!joiner || (persons.length < people + 2 && random.chance(0.3))) {
      // An account made between the backup and its restore would be gone with it, session and all: nobody new then.
      if (persons.length >= people + 2 || (server.hasBackup && report.faults.restores === 0)) return;
      joiner = await signUp(`joiner${persons.length}`);
      newDevice(joiner, `${joiner.username}/phone`, 1);
    }
    await invite(inviter, familyId, joiner);
    report.faults.joins += 1;
  }

  async function deliverLate(late: Delayed): Promise<void> {
    if (!server.down) await inject(late.device, late.path, late.body);
  }

  /**
   * The server goes back to its backup. It goes down just as some devices had their last writes acknowledged and
   * before they could pull: those writes the lost history applied are still on their devices, to be sent again.
   * What each device could still send is noted while the server is down.
   */
  async function restoreBackup(kind: RestoreKind): Promise<void> {
    await quiesce();
    pullsFail = true;
    for (const device of devices) await act(device);
    await quiesce();
    pullsFail = false;
    const started = performance.now();
    const lost = await server.restore(kind, async () => {
      // Nothing gets through now: what each outbox holds is what its device can still send again.
      await quiesce();
      for (const device of devices) {
        const outbox = await device.tabs[0]!.outbox.toArray();
        outboxAtRestore.set(device, new Set(outbox.map((entry) => entry.createdAt)));
      }
    });
    report.restoreMs = performance.now() - started;
    handledThenLost.push(...lost);
    report.faults.restores += 1;
  }

  try {
    // Everyone in one family, made by the first person; a second family for the first two.
    for (let index = 0; index < people; index += 1) {
      const person = await signUp(`nemesis${index}`);
      newDevice(person, `${person.username}/phone`, random.chance(0.4) ? 2 : 1);
      if (index < 2 && random.chance(0.5)) newDevice(person, `${person.username}/tablet`, 1);
    }
    faulty = false;
    const founder = devices[0]!;
    for (const index of [1, 2]) {
      const args = { familyId: random.uuid(), memberId: random.uuid(), name: `Nemesis family ${index}` };
      await write(founder, founder.tabs[0]!, 'family.create', args);
    }
    await settle(founder);
    const [first, second] = await founder.tabs[0]!.families.orderBy('id').toArray();
    for (const [index, person] of persons.entries()) {
      if (index === 0) continue;
      for (const family of index === 1 ? [first!, second!] : [first!]) await invite(persons[0]!, family.id, person);
    }
    for (const device of devices) await settle(device);
    await writeEveryMutation(first!, second!);
    for (const device of devices) await settle(device);
    faulty = true;

    // A backup needs pg_dump, and a real PostgreSQL to take it from.
    const restoring = restore !== 'none' && NemesisServer.realPostgres;
    for (let step = 0; step < steps; step += 1) {
      if (restoring && step === Math.floor(steps * 0.3)) {
        await quiesce();
        const started = performance.now();
        await server.takeBackup();
        report.backupMs = performance.now() - started;
      }
      if (step === Math.floor(steps * 0.45)) {
        await server.housekeeping(31);
        report.faults.housekeeping += 1;
      }
      if (restoring && step === Math.floor(steps * 0.65)) await restoreBackup(restore);

      const device = random.pick(devices)!;
      const roll = random.next();
      if (roll < 0.42) {
        await act(device);
      } else if (roll < 0.64) {
        await settle(device);
      } else if (roll < 0.69) {
        await restartEngine(device);
        report.faults.restarts += 1;
      } else if (roll < 0.72 && device.tabs.length > 1) {
        await restartEngine(device, (device.leader + 1) % device.tabs.length);
        report.faults.tabSwitches += 1;
      } else if (roll < 0.78 && delayed.length > 0) {
        await deliverLate(delayed.splice(Math.floor(random.next() * delayed.length), 1)[0]!);
      } else if (roll < 0.84) {
        await retryOrDiscard(device);
      } else if (roll < 0.87) {
        await join();
      } else if (roll < 0.88) {
        await server.housekeeping(31);
        report.faults.housekeeping += 1;
      } else {
        await act(device);
      }
    }

    // The network heals: what was held up arrives, then everyone syncs until nothing moves.
    faulty = false;
    for (const late of delayed.splice(0)) await deliverLate(late);
    await settleEveryone();
    await checkPokes();
    await settleEveryone();
    await check();
    await whenSettled?.(server.databaseUrl);
  } catch (error) {
    if (!(error instanceof NemesisStuck)) throw error;
    found('settles', error.message);
  } finally {
    for (const device of devices) {
      device.engine.stop();
      await device.engine.whenSettled();
      for (const tab of device.tabs) tab.close();
    }
    await server.stop();
  }
  return report;

  async function settleEveryone(): Promise<void> {
    let previous = '';
    for (let round = 0; round < 12; round += 1) {
      for (const device of devices) await settle(device);
      const now = JSON.stringify(
        await Promise.all(
          devices.map(async (device) => [[...(await deviceRows(device.tabs[0]!))], await readCursors(device.tabs[0]!)]),
        ),
      );
      if (now === previous) return;
      previous = now;
    }
  }

  /**
   * Every device opens its live channel afresh (to either instance). One person posts, comments and sends a message,
   * then deletes the comment and the message: every other device of that family's members must see each step
   * without being asked, from the pokes its commits sent through PostgreSQL.
   */
  async function checkPokes(): Promise<void> {
    for (const device of devices) await restartEngine(device);
    const opened = await Promise.all(devices.map((device) => device.live.opened));
    for (const [index, open] of opened.entries()) {
      if (!open) found('pokes', `${devices[index]!.label}: its live channel did not open`);
    }
    await quiesce();
    for (const writer of devices) {
      const tab = writer.tabs[writer.leader]!;
      const family = await tab.families.orderBy('id').first();
      if (!family) continue;
      const members = await server.db<{ user_id: string }[]>`
        select user_id from family_members where family_id = ${family.id}
      `;
      const listeners = devices.filter(
        (device, index) =>
          device !== writer && opened[index] && members.some((member) => member.user_id === device.person.user.id),
      );
      const everyoneSees = async (what: string, sees: (db: HearthDb) => Promise<boolean>) => {
        for (const [index, seen] of (await Promise.all(listeners.map((device) => within(device.tabs[0]!, sees)))).entries()) {
          if (!seen) found('pokes', `${listeners[index]!.label}: never saw ${writer.label} ${what}, its live channel open`);
        }
      };
      const [postId, commentId, messageId] = [random.uuid(), random.uuid(), random.uuid()];
      await write(writer, tab, 'post.create', { postId, familyId: family.id, content: `Poke ${seed}` });
      await write(writer, tab, 'comment.create', { commentId, postId, familyId: family.id, content: `Poke ${seed}` });
      await write(writer, tab, 'message.send', {
        messageId,
        familyId: family.id,
        messageType: 'text',
        content: `Poke ${seed}`,
      });
      await everyoneSees(
        'post, comment and message',
        async (db) => Boolean((await db.posts.get(postId)) && (await db.comments.get(commentId)) && (await db.messages.get(messageId))),
      );
      await write(writer, tab, 'comment.delete', { commentId, familyId: family.id });
      await write(writer, tab, 'message.delete', { messageId, familyId: family.id });
      await everyoneSees(
        'delete its comment and message',
        async (db) => !(await db.comments.get(commentId)) && (await db.messages.get(messageId))?.deletedAt != null,
      );
      return;
    }
  }

  async function check(): Promise<void> {
    const serverRowsOf = new Map<Person, Map<string, unknown>>();
    const told = new Set<string>();
    if (report.faults.restores > 0 && (await currentEpoch(server.db)) === server.backupEpoch) {
      found('new-history', 'the server still keeps the history its backup was taken in');
    }
    for (const device of devices) {
      const db = device.tabs[0]!;
      const waiting = await db.outbox.count();
      if (waiting > 0) found('nothing-waiting', `${device.label}: ${waiting} writes still waiting`);
      for (const refused of await db.refusedWrites.toArray()) told.add(refused.createdAt);

      let expected = serverRowsOf.get(device.person);
      if (!expected) {
        const reader = new TestDevice(server.instances[0]!.app, { ...device.person, email: '', password: '' });
        await reader.pullAll();
        expected = new Map(reader.rows);
        serverRowsOf.set(device.person, expected);
      }
      const actual = await deviceRows(db);
      for (const [key, row] of expected) {
        if (!actual.has(key)) found('device-equals-server', `${device.label}: missing ${key}`);
        else if (canonical(actual.get(key)) !== canonical(row)) {
          found('device-equals-server', `${device.label}: ${key} differs: ${canonical(actual.get(key))} vs ${canonical(row)}`);
        }
      }
      for (const key of actual.keys()) {
        if (!expected.has(key)) found('device-equals-server', `${device.label}: has ${key}, gone on the server`);
      }

      const versions = await server.db<{ id: string; version: string }[]>`
        select f.id, f.version::text from families f join family_members m on m.family_id = f.id
        where m.user_id = ${device.person.user.id}
      `;
      const cursors = new Map((await readCursors(db)).map((cursor) => [cursor.familyId, cursor]));
      for (const { id, version } of versions) {
        const cursor = cursors.get(id);
        if (!cursor || cursor.version !== Number(version) || cursor.resume !== null) {
          found('cursors', `${device.label}: family ${id} at ${JSON.stringify(cursor ?? null)}, the server at ${version}`);
        }
        cursors.delete(id);
      }
      for (const cursor of cursors.values()) {
        found('cursors', `${device.label}: keeps a cursor for family ${cursor.familyId}, not its person's`);
      }
    }
    report.refusals = told.size;
    await checkLedgers(told);

    // Every mutation was applied at least once, in whichever history: the run tried the whole weighted table.
    const applied = new Set<string>();
    for (const [key, said] of answers) {
      if (said.includes('applied')) for (const writtenAt of sentUnder.get(key) ?? []) applied.add(writtenAt);
    }
    for (const writtenAt of applied) {
      const name = ledger.get(writtenAt)?.name;
      if (name) report.appliedByMutation[name] += 1;
    }
    for (const name of mutationNames) {
      if (report.appliedByMutation[name] === 0) {
        found('every-mutation', `${name} was never applied (written ${report.writesByMutation[name] ?? 0} times)`);
      }
    }

    // Each device's messages are numbered in the order they were written there, family by family, whatever the faults.
    for (const device of devices) {
      const sent = [...ledger.values()].flatMap((write) =>
        write.device === device && write.name === 'message.send' ? [write.args as MutationArgs<'message.send'>] : [],
      );
      if (sent.length === 0) continue;
      const numbered = await server.db<{ id: string; number: string }[]>`
        select id, number from messages where id = any(${sent.map((message) => message.messageId)}::uuid[])
      `;
      const numberOf = new Map(numbered.map((row) => [row.id, Number(row.number)]));
      for (const familyId of new Set(sent.map((message) => message.familyId))) {
        const inWrittenOrder = sent.flatMap((message) =>
          message.familyId === familyId && numberOf.has(message.messageId) ? [numberOf.get(message.messageId)!] : [],
        );
        if (inWrittenOrder.some((number, index) => index > 0 && number < inWrittenOrder[index - 1]!)) {
          found('message-order', `${device.label}: messages out of the order written: ${inWrittenOrder.join(', ')}`);
        }
      }
    }
  }

  /**
   * The devices' ledgers against the watermark moves the database recorded, seq by seq: each write was handled once
   * by the history that stands (and, when refused, its author was told), or it was truly lost to the restore
   * (applied after the backup and already gone from its device's outbox when the server went back), or refused in
   * the lost history with its author told. Nothing else excuses a write.
   */
  async function checkLedgers(told: ReadonlySet<string>): Promise<void> {
    const handled = await server.handled();
    const timesHandled = new Map<string, number>();
    for (const { deviceId, seq } of handled) {
      const key = `${deviceId}|${seq}`;
      timesHandled.set(key, (timesHandled.get(key) ?? 0) + 1);
    }
    for (const [key, times] of timesHandled) {
      const [deviceId, seq] = key.split('|');
      if (times > 1) found('exactly-once', `${labelOf(deviceId!)}: seq ${seq} handled ${times} times`);
    }
    // What the server said, answers lost on the way included: a seq handled twice in one history is a finding even
    // when a restore took that history away since (the watermark moves above only keep the history that stands).
    for (const [key, said] of answers) {
      const times = said.filter((answer) => answer === 'applied' || answer === 'refused').length;
      const [deviceId, , seq] = key.split('|');
      if (times > 1) found('exactly-once', `${labelOf(deviceId!)}: seq ${seq} answered as handled ${times} times`);
    }
    /** The handled seqs of each write; a seq the device sent as two different writes is a finding itself. */
    const byWrite = (rows: readonly HandledSeq[], standing: boolean) => {
      const seqsOf = new Map<string, HandledSeq[]>();
      for (const row of rows) {
        const writes = [...(sentUnder.get(keyOf(row)) ?? [])];
        if (writes.length !== 1) {
          if (standing) {
            found('exactly-once', `${labelOf(row.deviceId)}: seq ${row.seq} was handled as ${writes.length} writes: ${writes.join(', ')}`);
          }
          continue;
        }
        seqsOf.set(writes[0]!, [...(seqsOf.get(writes[0]!) ?? []), row]);
      }
      return seqsOf;
    };
    const standing = byWrite(handled, true);
    const lost = byWrite(handledThenLost, false);
    const refusedIn = (rows: readonly HandledSeq[]) =>
      rows.some((row) =>
        (answers.get(keyOf(row)) ?? []).some(
          (said) => said === 'refused' || said === 'duplicate-refused',
        ),
      );

    for (const write of ledger.values()) {
      const { device } = write;
      const refusalKnown = told.has(write.writtenAt) || write.resolvedBy !== undefined;
      const rows = standing.get(write.writtenAt) ?? [];
      if (rows.length > 1) {
        const seqs = rows.map((row) => row.seq).join(', ');
        found('exactly-once', `${device.label}: ${describe(write)} handled ${rows.length} times (seqs ${seqs})`);
      }
      if (rows.length > 0) {
        if (!refusedIn(rows)) await checkCreated(write);
        else if (!refusalKnown) found('refusals-told', `${device.label}: the refusal of ${describe(write)} never reached its author`);
        continue;
      }
      const lostRows = lost.get(write.writtenAt) ?? [];
      if (lostRows.length > 0 && refusedIn(lostRows)) {
        if (!refusalKnown) found('refusals-told', `${device.label}: the refusal of ${describe(write)} never reached its author`);
      } else if (lostRows.length > 0 && !outboxAtRestore.get(device)?.has(write.writtenAt)) {
        report.lostToRestore += 1;
      } else {
        const why = lostRows.length > 0 ? ', though it was still on its device when the server went back' : '';
        found('every-write-lands', `${device.label}: ${describe(write)} never reached the server's history${why}`);
      }
    }
  }

  /** A create the server applied: its rows are there, or a tombstone told every device they went. */
  async function checkCreated(write: LedgerWrite): Promise<void> {
    for (const row of rowsCreatedBy(write.name, write.args as never)) {
      const rows = await server.db`select 1 from ${server.db(storedIn[row.table])} where id = ${row.id}`;
      if (rows.length > 0 || (await server.everDeleted(row.table, row.id))) continue;
      found('created-rows', `${write.device.label}: ${row.table}/${row.id} of ${describe(write)} is gone with no tombstone`);
    }
  }
}

class NemesisStuck extends Error {}

/** Whether the device comes to see what `sees` looks for within a few seconds, with nobody asking it to sync. */
function within(db: HearthDb, sees: (db: HearthDb) => Promise<boolean>): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), 10_000);
    const subscription = liveQuery(() => sees(db)).subscribe({
      next: (seen) => {
        if (seen) finish(true);
      },
      error: () => finish(false),
    });
    function finish(seen: boolean) {
      clearTimeout(timer);
      // Unsubscribed on a later tick: the first answer can come before `subscribe` has returned.
      setImmediate(() => subscription.unsubscribe());
      resolve(seen);
    }
  });
}

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
