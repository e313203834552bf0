import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie';
import type {
  FamilyCursor,
  MutationArgs,
  MutationName,
  SyncedComment,
  SyncedFamily,
  SyncedMember,
  SyncedPost,
  SyncedReaction,
  SyncedUser,
} from '../../schema/sync.ts';

/** The rows screens read, per table: the server's copy with this device's pending writes applied on top. */
export type HearthRows = {
  families: SyncedFamily;
  members: SyncedMember;
  users: SyncedUser;
  posts: SyncedPost;
  comments: SyncedComment;
  reactions: SyncedReaction;
};
export type RowTable = keyof HearthRows;

/**
 * The server's copy of a row as it was before this device's first pending write touched it; `row: null` means the
 * row did not exist. A row is "waiting to send" exactly while it has a shadow (docs/decisions/0006-sync-protocol.md).
 */
export type Shadow = { [T in RowTable]: { table: T; id: string; row: HearthRows[T] | null } }[RowTable];

/**
 * `pending` until a push is answered, `sent` until a pull's `lastAppliedSeq` covers it (then deleted), `rejected`
 * (with the server's sentence) until the person chooses Retry or Discard.
 */
export type OutboxStatus = 'pending' | 'sent' | 'rejected';

export type OutboxEntry = {
  [N in MutationName]: {
    seq: number;
    name: N;
    args: MutationArgs<N>;
    status: OutboxStatus;
    /** When the person made the write: the time its optimistic rows show until the server's copy arrives. */
    createdAt: string;
    /** The family the write touched on this device, when it touched one. */
    familyId?: string;
    reason?: string;
  };
}[MutationName];

/** Small facts the sync engine keeps; one row per key. */
export type SyncStateRow =
  | { key: 'deviceId'; value: string }
  | { key: 'nextSeq'; value: number }
  /** Public fields of the user this database belongs to, so pending writes can be re-applied by rebase. */
  | { key: 'signedInUser'; value: SyncedUser }
  /** Set by the first complete pull: until then an empty table may only mean "not fetched yet". */
  | { key: 'firstPullDone'; value: true }
  | { key: `cursor:${string}`; value: FamilyCursor };

/**
 * The device's database, one per signed-in user (`hearth-<userId>`), so two people sharing a tablet never see each
 * other's families. Nothing else in the app opens IndexedDB.
 */
export class HearthDb extends Dexie {
  families!: EntityTable<SyncedFamily, 'id'>;
  members!: EntityTable<SyncedMember, 'id'>;
  users!: EntityTable<SyncedUser, 'id'>;
  posts!: EntityTable<SyncedPost, 'id'>;
  comments!: EntityTable<SyncedComment, 'id'>;
  reactions!: EntityTable<SyncedReaction, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  shadows!: Table<Shadow, [RowTable, string]>;
  syncState!: Table<SyncStateRow, string>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    // Versions are append-only: a released version is never edited. A change (a new table or index) is a new
    // `this.version(n + 1).stores(...)` listing only what changed, with an upgrade function when rows need it.
    this.version(1).stores({
      families: 'id',
      members: 'id, familyId, userId, [familyId+userId]',
      users: 'id',
      posts: 'id, familyId, [familyId+createdAt]',
      comments: 'id, postId, familyId',
      // The id is reactionKey(...): one reaction per user, post and type, the same id on every device.
      reactions: 'id, postId, familyId, [postId+userId]',
      outbox: 'seq, status',
      shadows: '[table+id], table',
      syncState: 'key',
    });
  }
}

const databasePrefix = 'hearth-';

export function hearthDbName(userId: string): string {
  return `${databasePrefix}${userId}`;
}

/** The signed-in user's database; Dexie opens it on first use. */
export function openHearthDb(userId: string, options?: DexieOptions): HearthDb {
  return new HearthDb(hearthDbName(userId), options);
}

export async function deleteHearthDb(userId: string): Promise<void> {
  await Dexie.delete(hearthDbName(userId));
}

/**
 * Signing out on a shared tablet leaves nothing behind: every user's database goes, not only the one signed in
 * now (an earlier session may have ended without signing out).
 */
export async function deleteEveryHearthDb(): Promise<void> {
  const names = await Dexie.getDatabaseNames();
  await Promise.all(names.filter((name) => name.startsWith(databasePrefix)).map((name) => Dexie.delete(name)));
}
