import { Dexie, type DexieOptions, type EntityTable, type Table, type Transaction } from 'dexie';
import {
  parentFieldsOf,
  syncedTableDeclarations,
  syncedTables,
  type SyncedRows,
  type SyncedTable,
} from '../../schema/synced-tables.ts';
import type { FamilyCursor, MutationArgs, MutationName, SyncedUser } from '../../schema/sync.ts';

/**
 * The rows screens read, per table: the server's copy with this device's pending writes applied on top. The synced
 * tables of schema/synced-tables.ts, and the users their rows name (sent along by every pull).
 */
export type HearthRows = SyncedRows & { users: SyncedUser };
export type RowTable = keyof HearthRows;

/**
 * The server's copy of a row as it was before this device's first pending write touched it; `row: null` means the
 * row did not exist. A row is "waiting to send" exactly while it has a shadow (docs/decisions/0006-sync-protocol.md).
 */
export type Shadow = { [T in RowTable]: { table: T; id: string; row: HearthRows[T] | null } }[RowTable];

/**
 * `pending` until a push is answered, `sent` until a pull's `lastAppliedSeq` covers it (then deleted). A write the
 * server refuses leaves the outbox for `refusedWrites`.
 */
export type OutboxStatus = 'pending' | 'sent';

export type OutboxEntry = {
  [N in MutationName]: {
    seq: number;
    name: N;
    args: MutationArgs<N>;
    status: OutboxStatus;
    /** When the person made the write: the time its optimistic rows show until the server's copy arrives. */
    createdAt: string;
    /**
     * What the write read and wrote when last applied on this device (pwa/sync/footprint.ts), so a rebase can tell
     * whether a server update concerns it. Absent on entries queued before footprints were kept.
     */
    footprint?: string[];
  };
}[MutationName];

/**
 * A write the server refused for good, with its sentence, kept until the person chooses Retry (a new outbox entry)
 * or Discard. Kept apart from the outbox: its seq is spent on the server, so it must never sit among the writes
 * still to send (a device starting over renumbers those, and a refused write in their midst would be a gap the
 * server waits on for ever).
 */
export type RefusedWrite = {
  [N in MutationName]: { id: number; name: N; args: MutationArgs<N>; createdAt: string; reason: string };
}[MutationName];

/**
 * An invite link this person made on this device. The server keeps only a hash of its token, so this is the one
 * place the link can be shown again to copy once more; it goes with the rest of the database at sign-out.
 */
export type InvitationLink = {
  id: string;
  familyId: string;
  url: string;
  expiresAt: string;
  /** This device's clock when it was made, to tell it apart from a list of open links asked for before it existed. */
  madeAt: number;
};

/** What a voice note's recording will be named as once it is up (decision 0058). */
export type VoiceNoteTarget =
  | { on: 'message'; messageId: string }
  | { on: 'photo'; photoId: string }
  | { on: 'comment'; commentId: string };

/** Only what the voice note belongs to, out of an object that says more (a queued recording, a write's arguments). */
export function voiceNoteTargetOf(from: VoiceNoteTarget): VoiceNoteTarget {
  return from.on === 'message'
    ? { on: from.on, messageId: from.messageId }
    : from.on === 'photo'
      ? { on: from.on, photoId: from.photoId }
      : { on: from.on, commentId: from.commentId };
}

/**
 * A photo picked on this device, kept (bytes and all) until the server has its file and the write naming it is in
 * the outbox (pwa/sync/photo-uploader.ts). `refused`: the server will never take this file; the person is told why.
 * A voice note's recording waits in the same queue, in the same order (decision 0058): then `photoId` is the voice
 * note's id, `voice` says what it belongs to, and the photo's fields are null.
 */
export type PhotoUpload = {
  /** The id the upload and the write naming it use: the photo's, or the voice note's. */
  photoId: string;
  familyId: string;
  albumId: string | null;
  title: string | null;
  description: string | null;
  file: Blob;
  queuedAt: string;
  state: 'waiting' | 'refused';
  problem?: string;
  voice?: VoiceNoteTarget & { durationMs: number };
};

/**
 * A voice note's sound kept on this device (pwa/sync/photo-keeper.ts): the ones this person recorded, and the newest
 * of each family, so they play offline. A copy: losing it loses nothing.
 */
export type VoiceClip = {
  voiceNoteId: string;
  familyId: string;
  blob: Blob;
  keptAt: number;
  /** The length the recorder measured, for one recorded here: shown until the server's row brings its own. */
  durationMs?: number;
};

/**
 * A photo's display size kept on this device (pwa/sync/photo-keeper.ts), so the grid and the photos viewed lately
 * show without a network. A copy of what the server has: losing it loses nothing.
 */
export type PhotoImage = {
  photoId: string;
  size: 'thumb' | 'preview';
  blob: Blob;
  byteSize: number;
  /** When it was last shown (previews) or kept (thumbnails): the least recently used go first. */
  lastUsedAt: number;
};

/** Small facts the sync engine keeps; one row per key. */
export type SyncStateRow =
  | { key: 'deviceId'; value: string }
  | { key: 'nextSeq'; value: number }
  /** Public fields of the user this database belongs to, so pending writes can be re-applied by rebase. */
  | { key: 'signedInUser'; value: SyncedUser }
  /** Set by the first complete pull: until then an empty table may only mean "not fetched yet". */
  | { key: 'firstPullDone'; value: true }
  /** The server history this device synced with (docs/decisions/0011-server-history-and-device-owner.md). */
  | { key: 'epoch'; value: string }
  /** A sign-out is deleting this database: no write may be made in it any more (`sealForSignOut`). */
  | { key: 'sealedForSignOut'; value: true }
  | { key: `cursor:${string}`; value: FamilyCursor };

/** A Dexie store per synced table, keyed by `id`. */
type SyncedStores = { [T in SyncedTable]: EntityTable<SyncedRows[T], 'id'> };

/**
 * The stores of the tables that are not synced tables, by the Dexie version that added or changed them. Versions are
 * append-only: a released version is never edited. A change (a new table or index) is a new version listing only what
 * changed, with an upgrade function when rows need it. Synced tables take their stores from their declarations
 * (`deviceVersion`, `deviceIndexes`).
 */
const deviceOnlyVersions: {
  version: number;
  stores: Record<string, string>;
  upgrade?: (tx: Transaction) => Promise<void>;
}[] = [
  { version: 1, stores: { users: 'id', outbox: 'seq, status', shadows: '[table+id], table', syncState: 'key' } },
  {
    version: 2,
    // Events were kept here too before they were synced; their declaration now says the same store at version 2.
    stores: { photos: 'id, familyId, [familyId+createdAt]' },
  },
  { version: 3, stores: { refusedWrites: '++id' }, upgrade: moveRefusedWritesOutOfTheOutbox },
  { version: 4, stores: { invitationLinks: 'id, familyId' } },
  { version: 5, stores: { photoUploads: 'photoId, queuedAt' } },
  { version: 6, stores: { photoImages: '[photoId+size], [size+lastUsedAt]' } },
  { version: 10, stores: { voiceClips: 'voiceNoteId, familyId' } },
  // Voice notes gain an index on `commentId` (their declaration says version 12).
  { version: 12, stores: {}, upgrade: rowsFromBeforeVoiceComments },
];

/** Version 3: refused writes, which version 2 kept in the outbox with the status `rejected`, get their own table. */
async function moveRefusedWritesOutOfTheOutbox(tx: Transaction): Promise<void> {
  const refused = await tx.table('outbox').where('status').equals('rejected').toArray();
  await tx
    .table('refusedWrites')
    .bulkAdd(refused.map(({ name, args, createdAt, reason }) => ({ name, args, createdAt, reason })));
  await tx.table('outbox').where('status').equals('rejected').delete();
}

/**
 * Version 12: comments and voice notes kept from before voice comments (decision 0065) say what they are, as the
 * server's rows now do: every comment then was words, and no voice note belonged to a comment.
 */
async function rowsFromBeforeVoiceComments(tx: Transaction): Promise<void> {
  await tx
    .table('comments')
    .filter((comment) => comment.commentType === undefined)
    .modify({ commentType: 'text' });
  await tx
    .table('voiceNotes')
    .filter((note) => note.commentId === undefined)
    .modify({ commentId: null });
}

/** A synced table's Dexie store: `id`, what cascades look rows up by (`familyId`, the parent's field), its own indexes. */
function storeOf(table: SyncedTable): string {
  return [...new Set(['id', ...parentFieldsOf(table), ...syncedTableDeclarations[table].deviceIndexes])].join(', ');
}

/** Every Dexie version with the stores it adds or changes (and its upgrade, if any), oldest first. */
function versionsInOrder() {
  const versions = new Map<number, { stores: Record<string, string>; upgrade?: (tx: Transaction) => Promise<void> }>();
  const add = (version: number, stores: Record<string, string>, upgrade?: (tx: Transaction) => Promise<void>) => {
    const known = versions.get(version);
    versions.set(version, { stores: { ...known?.stores, ...stores }, upgrade: upgrade ?? known?.upgrade });
  };
  for (const { version, stores, upgrade } of deviceOnlyVersions) add(version, stores, upgrade);
  for (const table of syncedTables) add(syncedTableDeclarations[table].deviceVersion, { [table]: storeOf(table) });
  return [...versions].sort(([a], [b]) => a - b);
}

// The synced tables' stores are declared on the class through this interface (Dexie makes them at run time).
export interface HearthDb extends SyncedStores {}

/**
 * The device's database, one per signed-in user (`hearth-<userId>`), so two people sharing a tablet never see each
 * other's families. Nothing else in the app opens IndexedDB.
 */
export class HearthDb extends Dexie {
  users!: EntityTable<SyncedUser, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  refusedWrites!: EntityTable<RefusedWrite, 'id'>;
  invitationLinks!: EntityTable<InvitationLink, 'id'>;
  photoUploads!: EntityTable<PhotoUpload, 'photoId'>;
  photoImages!: Table<PhotoImage, [string, PhotoImage['size']]>;
  voiceClips!: EntityTable<VoiceClip, 'voiceNoteId'>;
  shadows!: Table<Shadow, [RowTable, string]>;
  syncState!: Table<SyncStateRow, string>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    for (const [number, { stores, upgrade }] of versionsInOrder()) {
      const version = this.version(number).stores(stores);
      if (upgrade) version.upgrade(upgrade);
    }
    // Another tab is deleting this database (sign-out) or upgrading it (a newer Hearth). Dexie's own handler closes
    // and reopens at the next query, which would re-create a deleted database, empty, for a session that has ended.
    // Closed for good instead (returning false skips Dexie's handler): sync stops, and this tab's session follows
    // the sign-out or the update.
    this.on('versionchange', () => {
      this.close({ disableAutoOpen: true });
      return false;
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

/** Whether a write failed because the device has no room left (Dexie may wrap the browser's error in another). */
export function isDeviceFull(error: unknown): boolean {
  const { name, inner } = (error ?? {}) as { name?: unknown; inner?: unknown };
  return name === 'QuotaExceededError' || (inner !== undefined && inner !== error && isDeviceFull(inner));
}

/** Writes that never reached the server: waiting to be sent, or refused and waiting for Retry or Discard. */
async function unsentWritesOf(db: HearthDb): Promise<number> {
  return (
    (await db.outbox.where('status').equals('pending').count()) +
    (await db.refusedWrites.count()) +
    // Photos picked and not uploaded yet are writes too: a sign-out must not throw them away unasked.
    (await db.photoUploads.count())
  );
}

/** Opens the database `name` just long enough to count its unsent writes. */
async function countUnsentWritesIn(name: string): Promise<number> {
  const db = new HearthDb(name);
  try {
    return await unsentWritesOf(db);
  } finally {
    db.close();
  }
}

/** What signing out now would lose: the user's writes that have not reached the server, read from the database. */
export function countUnsentWrites(userId: string): Promise<number> {
  return countUnsentWritesIn(hearthDbName(userId));
}

/**
 * The last step before a sign-out deletes the person's database: from now on no write can be made in it, in any tab
 * (`writeLocally` refuses one in a sealed database), and the count answered is what deleting it would lose. Counted
 * and sealed in one transaction, so nothing written in another tab after the person agreed can slip in unseen.
 */
export function sealForSignOut(db: HearthDb): Promise<number> {
  return db.transaction('rw', [db.outbox, db.refusedWrites, db.photoUploads, db.syncState], async () => {
    await db.syncState.put({ key: 'sealedForSignOut', value: true });
    return unsentWritesOf(db);
  });
}

/** The sign-out did not happen after all (the person kept what was written meanwhile): writes are welcome again. */
export async function unsealAfterSignOut(db: HearthDb): Promise<void> {
  await db.syncState.delete('sealedForSignOut');
}

/**
 * Signing out on a shared tablet leaves nothing of the person behind: their database goes (they were told what it
 * still held). Other users' databases, left by sessions that ended without signing out, go too unless they still
 * hold unsent writes: those belong to someone else, and wait for them to sign in again. A database that cannot be
 * read (made by a newer Hearth, say) is kept for the same reason.
 */
export async function deleteHearthDbsAtSignOut(userId: string): Promise<void> {
  const signedIn = hearthDbName(userId);
  const others = (await Dexie.getDatabaseNames()).filter(
    (name) => name.startsWith(databasePrefix) && name !== signedIn,
  );
  await Promise.all([
    Dexie.delete(signedIn),
    ...others.map(async (name) => {
      const unsent = await countUnsentWritesIn(name).catch(() => Infinity);
      if (unsent === 0) await Dexie.delete(name);
    }),
  ]);
}
