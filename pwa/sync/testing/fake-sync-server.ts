import { rejections } from '../../../schema/messages.ts';
import {
  mutationArgsSchemas,
  mutationNameSchema,
  pullPageMax,
  reactionKey,
  syncedTables,
  syncProtocolVersion,
  type Change,
  type FamilyCursor,
  type FamilyPull,
  type MutationArgs,
  type MutationName,
  type MutationResult,
  type Poke,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type SyncedTable,
  type SyncedUser,
} from '../../../schema/sync.ts';
import type { HearthRows } from '../../db/hearth-db.ts';
import { SyncTransportError, type LiveHandlers, type SyncTransport } from '../transport.ts';

/**
 * An in-memory stand-in for the sync server, close enough to its rules (docs/decisions/0006-sync-protocol.md) for
 * the engine's tests: a watermark per device, duplicates answered with the original reason, rejections by the
 * mutators' rules, one version counter per family, tombstones, pages with resume tokens, drops for families left.
 * Deleting a post records only the post's tombstone, so devices must cascade to comments and reactions themselves.
 * Refusals read as the real server's do: a row that is not there was "deleted" only if it was deleted in a family
 * of the user, and reads as "not a member" otherwise (a family that does not exist included); a create replayed
 * under a new seq is applied again, changing nothing.
 */

type Stored<T extends SyncedTable> = { row: HearthRows[T]; version: number };
type Tombstone = { familyId: string; table: SyncedTable; id: string; version: number };
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

export type FakeSyncServerOptions = { pullPageMax?: number };

export function createFakeSyncServer({ pullPageMax: pageMax = pullPageMax }: FakeSyncServerOptions = {}) {
  const users = new Map<string, SyncedUser>();
  const familyVersions = new Map<string, number>();
  const tables: { [T in SyncedTable]: Map<string, Stored<T>> } = {
    families: new Map(),
    members: new Map(),
    posts: new Map(),
    comments: new Map(),
    reactions: new Map(),
  };
  const tombstones: Tombstone[] = [];
  /** `table/id` → family of every row ever deleted, tombstoned or not: what the server's "was deleted" knows. */
  const deletedFrom = new Map<string, string>();
  const devices = new Map<string, Device>();
  let clockSeconds = 0;

  /** The server's own clock, far from any device's, so tests see that the server's times replace the device's. */
  function serverTime(): string {
    clockSeconds += 1;
    return new Date(Date.UTC(2030, 0, 1) + clockSeconds * 1000).toISOString();
  }

  function familyIdOf(table: SyncedTable, row: HearthRows[SyncedTable]): string {
    return table === 'families' ? row.id : (row as { familyId: string }).familyId;
  }

  /** Locks the family and moves it on: every write of a mutation carries the same new version. */
  function bump(familyId: string): number {
    const version = (familyVersions.get(familyId) ?? 0) + 1;
    familyVersions.set(familyId, version);
    return version;
  }

  function put<T extends SyncedTable>(table: T, row: HearthRows[T], version: number): void {
    tables[table].set(row.id, { row, version });
  }

  function remove(table: SyncedTable, id: string, version: number, withTombstone = true): void {
    const stored = tables[table].get(id);
    if (!stored) return;
    tables[table].delete(id);
    deletedFrom.set(`${table}/${id}`, familyIdOf(table, stored.row));
    if (withTombstone) tombstones.push({ familyId: familyIdOf(table, stored.row), table, id, version });
  }

  function membership(userId: string, familyId: string) {
    for (const { row } of tables.members.values()) {
      if (row.familyId === familyId && row.userId === userId) return row;
    }
    return undefined;
  }

  function familyIdsOf(userId: string): string[] {
    const ids = [...tables.members.values()].filter(({ row }) => row.userId === userId).map(({ row }) => row.familyId);
    return [...new Set(ids)].sort();
  }

  /** Why a write about a row that is not there is refused. */
  function missing(userId: string, table: SyncedTable, id: string, deletedReason: string): string {
    const familyId = deletedFrom.get(`${table}/${id}`);
    return familyId && membership(userId, familyId) ? deletedReason : rejections.notMember;
  }

  type ServerMutator<N extends MutationName> = (userId: string, args: MutationArgs<N>) => string | undefined;

  /** Each answers a rejection reason, or writes and answers undefined. */
  const mutators: { [N in MutationName]: ServerMutator<N> } = {
    'family.create'(userId, { familyId, memberId, name }) {
      const family = tables.families.get(familyId)?.row;
      const member = tables.members.get(memberId)?.row;
      if (family?.createdById === userId && member?.familyId === familyId && member.userId === userId) return undefined;
      if (familyVersions.has(familyId) || member) return rejections.idTaken;
      const version = bump(familyId);
      const now = serverTime();
      put(
        'families',
        { id: familyId, name, description: null, createdById: userId, createdAt: now, updatedAt: now },
        version,
      );
      put(
        'members',
        { id: memberId, familyId, userId, role: 'admin', relationshipType: 'creator', joinedAt: now },
        version,
      );
      return undefined;
    },
    'family.rename'(userId, { familyId, name }) {
      const family = tables.families.get(familyId)?.row;
      const member = membership(userId, familyId);
      if (!family || !member) return rejections.notMember;
      if (member.role !== 'admin') return rejections.adminsOnly;
      put('families', { ...family, name, updatedAt: serverTime() }, bump(familyId));
      return undefined;
    },
    'post.create'(userId, { postId, familyId, content }) {
      if (!membership(userId, familyId)) return rejections.notMember;
      const existing = tables.posts.get(postId)?.row;
      if (existing) {
        return existing.familyId === familyId && existing.authorId === userId ? undefined : rejections.idTaken;
      }
      const now = serverTime();
      const post = { id: postId, familyId, authorId: userId, content, photoIds: [], createdAt: now, updatedAt: now };
      put('posts', post, bump(familyId));
      return undefined;
    },
    'post.update'(userId, { postId, content }) {
      const post = tables.posts.get(postId)?.row;
      if (!post) return missing(userId, 'posts', postId, rejections.postNotFound);
      if (!membership(userId, post.familyId)) return rejections.notMember;
      if (post.authorId !== userId) return rejections.notYourPost;
      put('posts', { ...post, content, updatedAt: serverTime() }, bump(post.familyId));
      return undefined;
    },
    'post.delete'(userId, { postId }) {
      const post = tables.posts.get(postId)?.row;
      if (!post) return missing(userId, 'posts', postId, rejections.postNotFound);
      const member = membership(userId, post.familyId);
      if (!member) return rejections.notMember;
      if (post.authorId !== userId && member.role !== 'admin') return rejections.notAllowedToDelete;
      const version = bump(post.familyId);
      remove('posts', postId, version);
      for (const table of ['comments', 'reactions'] as const) {
        for (const { row } of [...tables[table].values()]) {
          if (row.postId === postId) remove(table, row.id, version, false);
        }
      }
      return undefined;
    },
    'comment.create'(userId, { commentId, postId, content }) {
      const post = tables.posts.get(postId)?.row;
      if (!post) return missing(userId, 'posts', postId, rejections.postNotFound);
      if (!membership(userId, post.familyId)) return rejections.notMember;
      const existing = tables.comments.get(commentId)?.row;
      if (existing) {
        return existing.postId === postId && existing.authorId === userId ? undefined : rejections.idTaken;
      }
      const comment = {
        id: commentId,
        familyId: post.familyId,
        postId,
        authorId: userId,
        content,
        createdAt: serverTime(),
      };
      put('comments', comment, bump(post.familyId));
      return undefined;
    },
    'comment.delete'(userId, { commentId }) {
      const comment = tables.comments.get(commentId)?.row;
      if (!comment) return missing(userId, 'comments', commentId, rejections.commentNotFound);
      const member = membership(userId, comment.familyId);
      if (!member) return rejections.notMember;
      if (comment.authorId !== userId && member.role !== 'admin') return rejections.notAllowedToDelete;
      remove('comments', commentId, bump(comment.familyId));
      return undefined;
    },
    'reaction.set'(userId, { postId, reactionType, reacted }) {
      const post = tables.posts.get(postId)?.row;
      if (!post) return missing(userId, 'posts', postId, rejections.postNotFound);
      if (!membership(userId, post.familyId)) return rejections.notMember;
      const id = reactionKey({ postId, userId, reactionType });
      if (reacted && !tables.reactions.has(id)) {
        const reaction = { id, familyId: post.familyId, postId, userId, reactionType, createdAt: serverTime() };
        put('reactions', reaction, bump(post.familyId));
      } else if (!reacted && tables.reactions.has(id)) {
        remove('reactions', id, bump(post.familyId));
      }
      return undefined;
    },
    'member.remove'(userId, { memberId }) {
      const target = tables.members.get(memberId)?.row;
      if (!target) return missing(userId, 'members', memberId, rejections.memberNotFound);
      const member = membership(userId, target.familyId);
      if (!member) return rejections.notMember;
      if (target.userId !== userId && member.role !== 'admin') return rejections.adminsOnly;
      const admins = [...tables.members.values()].filter(
        ({ row }) => row.familyId === target.familyId && row.role === 'admin',
      );
      if (target.role === 'admin' && admins.length === 1) return rejections.lastAdmin;
      remove('members', memberId, bump(target.familyId));
      return undefined;
    },
    'member.setRole'(userId, { memberId, role }) {
      const target = tables.members.get(memberId)?.row;
      if (!target) return missing(userId, 'members', memberId, rejections.memberNotFound);
      const member = membership(userId, target.familyId);
      if (!member) return rejections.notMember;
      if (member.role !== 'admin') return rejections.adminsOnly;
      const admins = [...tables.members.values()].filter(
        ({ row }) => row.familyId === target.familyId && row.role === 'admin',
      );
      if (target.role === 'admin' && role !== 'admin' && admins.length === 1) return rejections.lastAdmin;
      if (target.role !== role) put('members', { ...target, role }, bump(target.familyId));
      return undefined;
    },
    'member.setRelationship'(userId, { memberId, relationshipType }) {
      const target = tables.members.get(memberId)?.row;
      if (!target) return missing(userId, 'members', memberId, rejections.memberNotFound);
      const member = membership(userId, target.familyId);
      if (!member) return rejections.notMember;
      if (target.userId !== userId && member.role !== 'admin') return rejections.adminsOnly;
      if (target.relationshipType !== relationshipType) {
        put('members', { ...target, relationshipType }, bump(target.familyId));
      }
      return undefined;
    },
  };

  /** Runs one mutation as `userId`: its name and arguments parsed with the shared schemas, then the mutator's rules. */
  function runMutation(userId: string, mutationName: string, args: unknown): string | undefined {
    const known = mutationNameSchema.safeParse(mutationName);
    if (!known.success) return rejections.invalid(known.error.issues[0]?.message ?? 'unknown');
    const name = known.data;
    const parsed = mutationArgsSchemas[name].safeParse(args);
    if (!parsed.success) return rejections.invalid(parsed.error.issues[0]?.message ?? 'unknown');
    return (mutators[name] as ServerMutator<MutationName>)(userId, parsed.data as never);
  }

  function deviceFor(userId: string, deviceId: string): Device {
    const device = devices.get(deviceId) ?? { userId, watermark: 0, rejections: new Map() };
    if (device.userId !== userId) throw new SyncTransportError('refused', '403: This device belongs to someone else');
    devices.set(deviceId, device);
    return device;
  }

  function checkProtocol(version: number): void {
    if (version < syncProtocolVersion) throw new SyncTransportError('update-required', '426: Please update Hearth');
  }

  /** Replays a batch; `stopAfter` simulates a transient failure (503) after that many mutations. */
  function push(userId: string, request: PushRequest, stopAfter = Infinity): PushResponse {
    checkProtocol(request.protocolVersion);
    const device = deviceFor(userId, request.deviceId);
    const results: MutationResult[] = [];
    for (const mutation of request.mutations) {
      if (results.length >= stopAfter) {
        throw new SyncTransportError('server', '503: Please try again', {
          partialPush: { results, lastAppliedSeq: device.watermark },
        });
      }
      if (mutation.seq <= device.watermark) {
        const reason = device.rejections.get(mutation.seq);
        results.push({ seq: mutation.seq, status: 'duplicate', ...(reason ? { reason } : {}) });
      } else if (mutation.seq > device.watermark + 1) {
        return { results, lastAppliedSeq: device.watermark, gap: { expectedSeq: device.watermark + 1 } };
      } else {
        const reason = runMutation(userId, mutation.name, mutation.args);
        device.watermark = mutation.seq;
        if (reason) {
          device.rejections.set(mutation.seq, reason);
          results.push({ seq: mutation.seq, status: 'rejected', reason });
        } else {
          results.push({ seq: mutation.seq, status: 'applied' });
        }
      }
    }
    return { results, lastAppliedSeq: device.watermark };
  }

  /** `withTombstones` false for a device that holds nothing of the family: nothing it never had needs deleting. */
  function changesOf(
    familyId: string,
    afterVersion: number,
    withTombstones: boolean,
  ): { position: Position; change: Change }[] {
    const changes: { position: Position; change: Change }[] = [];
    for (const table of syncedTables) {
      for (const { row, version } of tables[table].values()) {
        if (familyIdOf(table, row) !== familyId || version <= afterVersion) continue;
        changes.push({
          position: [version, tableOrder.get(table)!, row.id],
          change: { table, op: 'put', row } as Change,
        });
      }
    }
    if (withTombstones) {
      for (const { familyId: owner, table, id, version } of tombstones) {
        if (owner !== familyId || version <= afterVersion) continue;
        changes.push({ position: [version, tableOrder.get(table)!, id], change: { table, op: 'delete', id } });
      }
    }
    return changes.sort((a, b) => comparePositions(a.position, b.position));
  }

  function usersReferredBy(changes: readonly Change[]): SyncedUser[] {
    const ids = new Set<string>();
    for (const change of changes) {
      if (change.op !== 'put') continue;
      const row = change.row as Partial<Record<'userId' | 'authorId' | 'createdById', string | null>>;
      for (const id of [row.userId, row.authorId, row.createdById]) if (id) ids.add(id);
    }
    return [...ids].flatMap((id) => {
      const user = users.get(id);
      return user ? [user] : [];
    });
  }

  function pull(userId: string, request: PullRequest): PullResponse {
    checkProtocol(request.protocolVersion);
    const device = deviceFor(userId, request.deviceId);
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
      // As the server: progress that cannot be trusted (a cursor ahead, a bad token from 0) starts the family over.
      const restart =
        cursor.version > familyVersion || (cursor.version === 0 && cursor.resume !== null && !resumeAfter);
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
    return { lastAppliedSeq: device.watermark, families, users: usersReferredBy(sent), more };
  }

  /**
   * One device's connection, as its user. Failures, a held push and live-channel events are scripted per test;
   * every request is recorded.
   */
  function transportFor(userId: string) {
    const pushes: PushRequest[] = [];
    const pulls: PullRequest[] = [];
    /** Per request, in order: null answers normally, an error fails that request. */
    const script: { push: (SyncTransportError | null)[]; pull: (SyncTransportError | null)[] } = { push: [], pull: [] };
    let failPushAfter: number | undefined;
    let loseNextPushAnswer = false;
    let pushGate: Promise<void> | undefined;
    let live: LiveHandlers | undefined;
    let liveOpenings = 0;

    const transport: SyncTransport = {
      async push(request) {
        pushes.push(structuredClone(request));
        if (pushGate) {
          const gate = pushGate;
          pushGate = undefined;
          await gate;
        }
        const failure = script.push.shift();
        if (failure) throw failure;
        const stopAfter = failPushAfter;
        failPushAfter = undefined;
        const response = push(userId, request, stopAfter);
        if (loseNextPushAnswer) {
          loseNextPushAnswer = false;
          throw new SyncTransportError('network', 'The connection dropped before the answer arrived');
        }
        return structuredClone(response);
      },
      async pull(request) {
        pulls.push(structuredClone(request));
        await Promise.resolve();
        const failure = script.pull.shift();
        if (failure) throw failure;
        return structuredClone(pull(userId, request));
      },
      openLive(handlers) {
        liveOpenings += 1;
        live = handlers;
        return () => {
          if (live === handlers) live = undefined;
        };
      },
    };

    return {
      ...transport,
      pushes,
      pulls,
      /** Fails one request of this kind, after `afterSuccesses` that answer normally. */
      failNext(operation: 'push' | 'pull', error: SyncTransportError, afterSuccesses = 0): void {
        script[operation].push(...Array<null>(afterSuccesses).fill(null), error);
      },
      /** The next push applies this many mutations and then answers 503 with their results. */
      failNextPushAfter(count: number): void {
        failPushAfter = count;
      },
      /** The next push is applied, but its answer never reaches the device. */
      loseNextPushAnswer(): void {
        loseNextPushAnswer = true;
      },
      /** The next push waits (after being recorded) until `release` is called. */
      holdNextPush(): { release: () => void } {
        let release = () => {};
        pushGate = new Promise<void>((resolve) => {
          release = resolve;
        });
        return { release };
      },
      get liveOpenings() {
        return liveOpenings;
      },
      get liveIsOpen() {
        return live !== undefined;
      },
      openLiveChannel(): void {
        live?.onOpen();
      },
      breakLiveChannel(): void {
        live?.onError();
      },
      sendHeartbeat(): void {
        live?.onHeartbeat();
      },
      poke(poke: Poke): void {
        live?.onPoke(poke);
      },
    };
  }

  return {
    addUser(user: SyncedUser): void {
      users.set(user.id, user);
    },
    /** Membership made outside the sync mutations (an accepted invitation). */
    addMember(member: { id: string; familyId: string; userId: string; role: 'admin' | 'member' }): void {
      const row = { ...member, relationshipType: 'other' as const, joinedAt: serverTime() };
      put('members', row, bump(member.familyId));
    },
    /** A write made on another device, applied at once; answers the rejection reason if refused. */
    write<N extends MutationName>(userId: string, name: N, args: MutationArgs<N>): string | undefined {
      return runMutation(userId, name, args);
    },
    row<T extends SyncedTable>(table: T, id: string): HearthRows[T] | undefined {
      return tables[table].get(id)?.row as HearthRows[T] | undefined;
    },
    familyVersion(familyId: string): number {
      return familyVersions.get(familyId) ?? 0;
    },
    watermark(deviceId: string): number {
      return devices.get(deviceId)?.watermark ?? 0;
    },
    /** Restored from a backup made before any device pushed: every device's history is forgotten, rows stay. */
    forgetDevices(): void {
      devices.clear();
    },
    transportFor,
  };
}

export type FakeSyncServer = ReturnType<typeof createFakeSyncServer>;
export type FakeTransport = ReturnType<FakeSyncServer['transportFor']>;
