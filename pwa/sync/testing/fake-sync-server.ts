import { rejections } from '../../../schema/rejections.ts';
import {
  familyIdOf,
  mutationArgsSchemas,
  mutationNameSchema,
  pullPageMax,
  syncedTables,
  syncProtocolVersion,
  usersNamedBy,
  type Change,
  type FamilyCursor,
  type FamilyPull,
  type MutationArgs,
  type MutationName,
  type MutationResult,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type SyncedRows,
  type SyncedTable,
  type SyncedUser,
} from '../../../schema/sync.ts';
import type { HearthRows, RowTable } from '../../db/hearth-db.ts';
import { applyLocalMutation, type LocalMutation } from '../local-mutators.ts';
import type { RowWriter } from '../row-writer.ts';
import { SyncTransportError } from '../transport.ts';
import { createScriptedTransport } from './scripted-transport.ts';

/**
 * An in-memory stand-in for the sync server, for the engine's tests. It keeps the protocol's bookkeeping as the real
 * server does (docs/decisions/0006-sync-protocol.md): a watermark per device, duplicates answered with the original
 * reason, one version counter per family, tombstones, pages with resume tokens, drops for families left. The writes
 * themselves are the device's own local mutators run against the server's rows through a versioning writer, rather
 * than the server's rules restated: the rules are tested against real PostgreSQL in sync-server/mutators. What the
 * fake checks on its own is membership (a write touching a family the user is not in is refused as the real server
 * refuses it); any other refusal a test needs is scripted with `refuseNext`.
 */

type Stored = { row: SyncedRows[SyncedTable]; version: number };
type Device = { userId: string; watermark: number; rejections: Map<number, string> };

/** The order of one version's changes in a pull: parents before children. */
const tableOrder = new Map(syncedTables.map((table, index) => [table, index]));

type Position = [version: number, table: number, id: string];

function comparePositions(a: Position, b: Position): number {
  return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
}

/** A resume token this fake made, or null for anything else. */
function parseResume(token: string | null): Position | null {
  if (token === null) return null;
  try {
    const position: unknown = JSON.parse(token);
    return Array.isArray(position) && position.length === 3 ? (position as Position) : null;
  } catch {
    return null;
  }
}

const rowKey = (table: SyncedTable, id: string) => `${table}/${id}`;

export type FakeSyncServerOptions = { pullPageMax?: number };

// One size for every page: the engine sees no difference between a first page and a resumed one.
export function createFakeSyncServer({ pullPageMax: pageMax = pullPageMax.first }: FakeSyncServerOptions = {}) {
  const users = new Map<string, SyncedUser>();
  const familyVersions = new Map<string, number>();
  /** `table/id` → the row and the version that last put it. */
  const rows = new Map<string, Stored & { table: SyncedTable }>();
  /** `table/id` → the deletion's family and version. */
  const tombstones = new Map<string, { familyId: string; table: SyncedTable; id: string; version: number }>();
  const devices = new Map<string, Device>();
  /** Refusals scripted by tests, taken by the next mutation of that name. */
  const scriptedRefusals: { name: MutationName; reason: string }[] = [];
  let epoch: string = crypto.randomUUID();
  let clockSeconds = 0;

  /** The server's own clock, far from any device's, so tests see that the server's times replace the device's. */
  function serverTime(): string {
    clockSeconds += 1;
    return new Date(Date.UTC(2030, 0, 1) + clockSeconds * 1000).toISOString();
  }

  function stored<T extends SyncedTable>(table: T, id: string): SyncedRows[T] | undefined {
    return rows.get(rowKey(table, id))?.row as SyncedRows[T] | undefined;
  }

  function memberships(): SyncedRows['members'][] {
    return [...rows.values()].flatMap(({ table, row }) => (table === 'members' ? [row as SyncedRows['members']] : []));
  }

  function isMember(userId: string, familyId: string): boolean {
    return memberships().some((member) => member.familyId === familyId && member.userId === userId);
  }

  function familyIdsOf(userId: string): string[] {
    const ids = memberships().filter((member) => member.userId === userId).map((member) => member.familyId);
    return [...new Set(ids)].sort();
  }

  /**
   * A writer over the server's rows that keeps its changes aside until `commit`: a refused write leaves nothing
   * behind. Writes to `users` are ignored (the server's users are its own accounts).
   */
  function stagingWriter() {
    /** `table/id` → the row put, or null for a deletion. */
    const staged = new Map<string, { table: SyncedTable; id: string; row: SyncedRows[SyncedTable] | null }>();
    const current = (table: SyncedTable, id: string) => {
      const change = staged.get(rowKey(table, id));
      return change ? (change.row ?? undefined) : stored(table, id);
    };
    const writer: RowWriter = {
      async get<T extends RowTable>(table: T, id: string) {
        if (table === 'users') return users.get(id) as HearthRows[T] | undefined;
        return current(table as SyncedTable, id) as HearthRows[T] | undefined;
      },
      async put(table, row) {
        if (table === 'users') return;
        staged.set(rowKey(table as SyncedTable, row.id), {
          table: table as SyncedTable,
          id: row.id,
          row: row as SyncedRows[SyncedTable],
        });
      },
      async delete(table, id) {
        if (table === 'users' || !current(table as SyncedTable, id)) return;
        staged.set(rowKey(table as SyncedTable, id), { table: table as SyncedTable, id, row: null });
      },
      async idsWhere(table, field, value) {
        const ids = new Set<string>();
        for (const stored of rows.values()) {
          if (stored.table === table && (stored.row as Record<string, unknown>)[field] === value) ids.add(stored.row.id);
        }
        for (const change of staged.values()) {
          if (change.table !== table) continue;
          if (change.row && (change.row as Record<string, unknown>)[field] === value) ids.add(change.id);
          else ids.delete(change.id);
        }
        return [...ids];
      },
      async deleteWhere(table, field, value) {
        for (const id of await writer.idsWhere(table, field, value)) await writer.delete(table, id);
      },
    };

    /** The families the staged changes touch, each with whether this write creates it. */
    function familiesTouched(): Map<string, boolean> {
      const families = new Map<string, boolean>();
      for (const { table, id, row } of staged.values()) {
        const before = stored(table, id);
        const familyRow = row ?? before;
        if (!familyRow) continue;
        const familyId = familyIdOf(table, familyRow);
        const creates = table === 'families' && !before && row !== null;
        families.set(familyId, (families.get(familyId) ?? false) || creates);
      }
      return families;
    }

    /** Writes the staged changes at each touched family's new version, tombstoning deletions. */
    function commit(): void {
      const versions = new Map<string, number>();
      const versionOf = (familyId: string) => {
        let version = versions.get(familyId);
        if (version === undefined) {
          version = (familyVersions.get(familyId) ?? 0) + 1;
          familyVersions.set(familyId, version);
          versions.set(familyId, version);
        }
        return version;
      };
      for (const { table, id, row } of staged.values()) {
        const key = rowKey(table, id);
        if (row) {
          rows.set(key, { table, row, version: versionOf(familyIdOf(table, row)) });
          tombstones.delete(key);
        } else {
          const before = rows.get(key);
          if (!before) continue;
          const familyId = familyIdOf(table, before.row);
          rows.delete(key);
          tombstones.set(key, { familyId, table, id, version: versionOf(familyId) });
        }
      }
    }

    return { writer, familiesTouched, commit, isEmpty: () => staged.size === 0 };
  }

  /**
   * Runs one mutation as `userId`: its name and arguments parsed with the shared schemas, then the device's own
   * mutator against the server's rows. Answers the rejection reason, or undefined when applied.
   */
  async function runMutation(userId: string, mutationName: string, args: unknown): Promise<string | undefined> {
    const known = mutationNameSchema.safeParse(mutationName);
    if (!known.success) return rejections.invalid(known.error.issues[0]?.message ?? 'unknown');
    const name = known.data;
    const parsed = mutationArgsSchemas[name].safeParse(args);
    if (!parsed.success) return rejections.invalid(parsed.error.issues[0]?.message ?? 'unknown');
    const scripted = scriptedRefusals.findIndex((refusal) => refusal.name === name);
    if (scripted >= 0) return scriptedRefusals.splice(scripted, 1)[0]?.reason;
    const signedInUser = users.get(userId);
    if (!signedInUser) throw new Error(`the fake server has no user ${userId}: call addUser first`);

    const mutation = { name, args: parsed.data } as LocalMutation;
    const staging = stagingWriter();
    if (mutation.name === 'member.remove') {
      // Leaving is the one write whose device effect (the whole family gone from that device) is not the server's
      // (one membership gone).
      await staging.writer.delete('members', mutation.args.memberId);
    } else {
      await applyLocalMutation(staging.writer, mutation, { signedInUser, now: serverTime() });
    }
    for (const [familyId, creates] of staging.familiesTouched()) {
      if (!creates && !isMember(userId, familyId)) return rejections.notMember;
    }
    // A write that changes nothing (a replay, a target that is gone) keeps every version, as on the real server.
    staging.commit();
    return undefined;
  }

  /** As the real server admits a device: its owner is the session's person, then its history is this one. */
  function admitDevice(userId: string, request: PushRequest | PullRequest): Device {
    const wrongAccount = () => new SyncTransportError('wrong-account', '403: This device belongs to someone else');
    if (request.userId !== userId) throw wrongAccount();
    const device = devices.get(request.deviceId) ?? { userId, watermark: 0, rejections: new Map() };
    if (device.userId !== userId) throw wrongAccount();
    devices.set(request.deviceId, device);
    // A push must name the history (decision 0037); a pull may name none.
    const startOver = () =>
      new SyncTransportError('history-changed', "409: Hearth's server was restored from a backup", {
        historyChanged: { epoch, lastAppliedSeq: device.watermark },
      });
    if ((request.epoch !== null || 'mutations' in request) && request.epoch !== epoch) throw startOver();
    if (request.epoch === null) return device;
    // As the server: a device that saw more than the server holds proves it went back in time (decision 0050).
    const cursors = 'cursors' in request ? request.cursors : [];
    const aheadOfFamily = cursors.some((cursor) => cursor.version > (familyVersions.get(cursor.familyId) ?? Infinity));
    if (aheadOfFamily || (request.acknowledgedSeq > device.watermark && device.watermark > 0)) {
      epoch = crypto.randomUUID();
      throw startOver();
    }
    if (request.acknowledgedSeq > device.watermark) throw startOver();
    return device;
  }

  function checkProtocol(version: number): void {
    if (version < syncProtocolVersion) throw new SyncTransportError('update-required', '426: Please update Hearth');
  }

  /** Replays a batch; `stopAfter` simulates a transient failure (503) after that many mutations. */
  async function push(userId: string, request: PushRequest, stopAfter = Infinity): Promise<PushResponse> {
    checkProtocol(request.protocolVersion);
    const device = admitDevice(userId, request);
    const results: MutationResult[] = [];
    for (const mutation of request.mutations) {
      if (results.length >= stopAfter) {
        throw new SyncTransportError('server', '503: Please try again', {
          partialPush: { epoch, results, lastAppliedSeq: device.watermark },
        });
      }
      if (mutation.seq <= device.watermark) {
        const reason = device.rejections.get(mutation.seq);
        results.push({ seq: mutation.seq, status: 'duplicate', ...(reason ? { reason } : {}) });
      } else if (mutation.seq > device.watermark + 1) {
        return { epoch, results, lastAppliedSeq: device.watermark, gap: { expectedSeq: device.watermark + 1 } };
      } else {
        const reason = await runMutation(userId, mutation.name, mutation.args);
        device.watermark = mutation.seq;
        if (reason) {
          device.rejections.set(mutation.seq, reason);
          results.push({ seq: mutation.seq, status: 'rejected', reason });
        } else {
          results.push({ seq: mutation.seq, status: 'applied' });
        }
      }
    }
    return { epoch, results, lastAppliedSeq: device.watermark };
  }

  /** `withTombstones` false for a device that holds nothing of the family: nothing it never had needs deleting. */
  function changesOf(
    familyId: string,
    afterVersion: number,
    withTombstones: boolean,
  ): { position: Position; change: Change }[] {
    const changes: { position: Position; change: Change }[] = [];
    for (const { table, row, version } of rows.values()) {
      if (familyIdOf(table, row) !== familyId || version <= afterVersion) continue;
      changes.push({ position: [version, tableOrder.get(table)!, row.id], change: { table, op: 'put', row } as Change });
    }
    if (withTombstones) {
      for (const { familyId: owner, table, id, version } of tombstones.values()) {
        if (owner !== familyId || version <= afterVersion) continue;
        changes.push({ position: [version, tableOrder.get(table)!, id], change: { table, op: 'delete', id } });
      }
    }
    return changes.sort((a, b) => comparePositions(a.position, b.position));
  }

  function usersReferredBy(changes: readonly Change[]): SyncedUser[] {
    const ids = new Set<string>();
    for (const change of changes) {
      if (change.op === 'put') for (const id of usersNamedBy(change.table, change.row)) ids.add(id);
    }
    return [...ids].flatMap((id) => {
      const user = users.get(id);
      return user ? [user] : [];
    });
  }

  function pull(userId: string, request: PullRequest): PullResponse {
    checkProtocol(request.protocolVersion);
    const device = admitDevice(userId, request);
    const memberOf = familyIdsOf(userId);
    const families: FamilyPull[] = request.cursors
      .filter((cursor) => !memberOf.includes(cursor.familyId))
      .map((cursor) => ({ status: 'drop', familyId: cursor.familyId }));
    const sent: Change[] = [];
    let budget = pageMax;
    let more = false;
    for (const familyId of memberOf) {
      const cursor: FamilyCursor = request.cursors.find((known) => known.familyId === familyId) ?? {
        familyId,
        version: 0,
        resume: null,
      };
      const familyVersion = familyVersions.get(familyId) ?? 0;
      const resumeAfter = cursor.version <= familyVersion ? parseResume(cursor.resume) : null;
      // As the server: progress that cannot be trusted (a bad token from 0) starts the family over.
      const restart = cursor.version === 0 && cursor.resume !== null && !resumeAfter;
      const after = restart ? 0 : cursor.version;
      let changes = changesOf(familyId, after, cursor.version !== 0 || cursor.resume !== null);
      if (resumeAfter) changes = changes.filter(({ position }) => comparePositions(position, resumeAfter) > 0);
      if (changes.length === 0 && !cursor.resume && !restart) continue;
      if (budget === 0) {
        more = true;
        break;
      }
      const page = changes.slice(0, budget);
      budget -= page.length;
      const complete = page.length === changes.length;
      const lastPosition = page.at(-1)?.position;
      families.push({
        status: 'changes',
        familyId,
        ...(restart ? { reset: true as const } : {}),
        changes: page.map(({ change }) => change),
        cursor: complete
          ? { familyId, version: familyVersion, resume: null }
          : { familyId, version: after, resume: JSON.stringify(lastPosition) },
      });
      sent.push(...page.map(({ change }) => change));
      if (!complete) {
        more = true;
        break;
      }
    }
    return { epoch, lastAppliedSeq: device.watermark, families, users: usersReferredBy(sent), more };
  }

  return {
    addUser(user: SyncedUser): void {
      users.set(user.id, user);
    },
    /** Membership made outside the sync mutations (an accepted invitation). */
    addMember(member: {
      id: string;
      familyId: string;
      userId: string;
      role: 'admin' | 'member';
      relativeToId?: string | null;
    }): void {
      const version = (familyVersions.get(member.familyId) ?? 0) + 1;
      familyVersions.set(member.familyId, version);
      const row = { relativeToId: null, ...member, relationshipType: 'other' as const, joinedAt: serverTime() };
      rows.set(rowKey('members', member.id), { table: 'members', row, version });
    },
    /** A write made on another device, applied at once; answers the rejection reason if refused. */
    write<N extends MutationName>(userId: string, name: N, args: MutationArgs<N>): Promise<string | undefined> {
      return runMutation(userId, name, args);
    },
    /** The next mutation named `name` is refused with `reason`, as the real server's rules would refuse it. */
    refuseNext(name: MutationName, reason: string): void {
      scriptedRefusals.push({ name, reason });
    },
    row<T extends SyncedTable>(table: T, id: string): SyncedRows[T] | undefined {
      return stored(table, id);
    },
    familyVersion(familyId: string): number {
      return familyVersions.get(familyId) ?? 0;
    },
    watermark(deviceId: string): number {
      return devices.get(deviceId)?.watermark ?? 0;
    },
    /**
     * Put back from a backup in place, unnoticed (the epoch stays): every device's acknowledged writes are forgotten,
     * rows stay.
     */
    forgetDevices(): void {
      devices.clear();
    },
    /**
     * Restored from a backup taken when `backup` was made: rows, versions, tombstones and devices go back to it, and
     * the server's history gets a new epoch.
     */
    backup() {
      const saved = structuredClone({ rows, tombstones, familyVersions, devices });
      return {
        restore(): void {
          for (const [live, copy] of [
            [rows, saved.rows],
            [tombstones, saved.tombstones],
            [familyVersions, saved.familyVersions],
            [devices, saved.devices],
          ] as [Map<unknown, unknown>, Map<unknown, unknown>][]) {
            live.clear();
            for (const [key, value] of copy) live.set(key, value);
          }
          epoch = crypto.randomUUID();
        },
      };
    },
    get epoch() {
      return epoch;
    },
    /** One device's connection, as its user, scripted by each test (scripted-transport.ts). */
    transportFor: (userId: string) =>
      createScriptedTransport({
        push: (request, stopAfter) => push(userId, request, stopAfter),
        pull: (request) => pull(userId, request),
      }),
  };
}

export type FakeSyncServer = ReturnType<typeof createFakeSyncServer>;
