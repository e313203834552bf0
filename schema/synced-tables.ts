import type {
  SyncedAlbum,
  SyncedChatRead,
  SyncedComment,
  SyncedEvent,
  SyncedFamily,
  SyncedMember,
  SyncedMessage,
  SyncedNotification,
  SyncedPhoto,
  SyncedPhotoTag,
  SyncedPost,
  SyncedReaction,
  SyncedRsvp,
  SyncedVoiceNote,
} from './synced-rows.ts';

/**
 * Every synced table, declared once (docs/decisions/0010-one-declaration-per-synced-table.md). Free of zod, so the
 * device's read path (screens, the sync engine) can load it; the types come from the row schemas in synced-rows.ts,
 * which are erased at run time. From these declarations come the table list and its pull order, the row schemas of
 * the protocol, the users a pull sends along, the times the server normalises, the cascades of a delete on the device
 * and on the server (children tombstoned before their parent goes), what account deletion does to each row naming
 * the person, the device's Dexie stores and what a rebase must redo when a change arrives.
 *
 * Adding a table: its row type here and in `SyncedRows`, its declaration below, its row schema in synced-rows.ts
 * (listed in sync.ts `syncedRowSchemas`), a migration, where it is stored (sync-server/repositories/synced-storage.ts),
 * a repository with its pull source (sync-server/repositories/pull-sources.ts), where Download My Data puts it
 * (sync-server/repositories/archive-repository.ts `archivedIn`), its write in the tests' fixture
 * (sync-server/testing/one-of-each.ts), its mutations on both sides and its screens. Each of those fails the type
 * check while missing (docs/decisions/0038-one-declaration-derives-the-rest.md).
 */

/** The rows of each synced table as devices store them, in pull order: a parent before its children. */
export type SyncedRows = {
  families: SyncedFamily;
  members: SyncedMember;
  posts: SyncedPost;
  comments: SyncedComment;
  reactions: SyncedReaction;
  albums: SyncedAlbum;
  photos: SyncedPhoto;
  photoTags: SyncedPhotoTag;
  events: SyncedEvent;
  rsvps: SyncedRsvp;
  messages: SyncedMessage;
  chatReads: SyncedChatRead;
  notifications: SyncedNotification;
  voiceNotes: SyncedVoiceNote;
};
export type SyncedTable = keyof SyncedRows;

/** The names of `Row`'s fields whose value is a `Value`. */
type FieldsOf<Row, Value> = { [K in keyof Row]-?: Row[K] extends Value ? K : never }[keyof Row] & string;

export type SyncedTableDeclaration<T extends SyncedTable> = {
  /**
   * The row this one belongs to, by the field that names it: deleting the parent deletes the row, on the server (a
   * foreign key cascade, each child tombstoned) and on devices (`deleteWithChildren`). Every row but a family's
   * belongs to a family through `familyId` too, and goes when the family goes.
   */
  parent: { table: SyncedTable; field: FieldsOf<SyncedRows[T], string> } | null;
  /** Fields naming a user: a pull sends those users' public fields (names, avatar) along with the row. */
  userFields: readonly FieldsOf<SyncedRows[T], string | null>[];
  /**
   * What becomes of a row naming a person in `field` when that person deletes their account (decision 0026):
   * `passes` to the "Former member" stand-in (what they shared stays with the family) or `goes` with them (what was
   * theirs alone: a membership, a like, an answer, a read position). Null for a family alone, whose creator is
   * forgotten (its foreign key): any other table must say, or fail the type check.
   */
  whenTheirPersonGoes: T extends 'families'
    ? null
    : { field: FieldsOf<SyncedRows[T], string | null>; then: 'passes' | 'goes' };
  /**
   * ISO 8601 times, which each pull source writes as `Date#toISOString()` does (repositories/iso-time.ts): the pull
   * test checks every one by this list (decision 0053).
   */
  timeFields: readonly FieldsOf<SyncedRows[T], string | null>[];
  /**
   * Dexie indexes the screens query, besides the ones every synced table gets: `id` (the primary key), `familyId`
   * and the parent's field (what cascades and family drops look rows up by).
   */
  deviceIndexes: readonly string[];
  /**
   * The Dexie version that added the table or last changed its indexes (pwa/db/hearth-db.ts). Versions are never
   * edited once released: changing `deviceIndexes` means a new, higher number here.
   */
  deviceVersion: number;
};

export const syncedTableDeclarations: { [T in SyncedTable]: SyncedTableDeclaration<T> } = {
  families: {
    parent: null,
    userFields: ['createdById'],
    whenTheirPersonGoes: null,
    timeFields: ['createdAt', 'updatedAt'],
    deviceIndexes: [],
    deviceVersion: 1,
  },
  members: {
    parent: { table: 'families', field: 'familyId' },
    // The anchor's name is shown ("Rose's son") even once they have left the family.
    userFields: ['userId', 'relativeToId'],
    whenTheirPersonGoes: { field: 'userId', then: 'goes' },
    timeFields: ['joinedAt'],
    deviceIndexes: ['userId', '[familyId+userId]'],
    deviceVersion: 1,
  },
  posts: {
    parent: { table: 'families', field: 'familyId' },
    userFields: ['authorId'],
    whenTheirPersonGoes: { field: 'authorId', then: 'passes' },
    timeFields: ['createdAt', 'updatedAt'],
    deviceIndexes: ['[familyId+createdAt]'],
    deviceVersion: 1,
  },
  comments: {
    parent: { table: 'posts', field: 'postId' },
    userFields: ['authorId'],
    whenTheirPersonGoes: { field: 'authorId', then: 'passes' },
    timeFields: ['createdAt'],
    deviceIndexes: [],
    deviceVersion: 1,
  },
  reactions: {
    parent: { table: 'posts', field: 'postId' },
    userFields: ['userId'],
    whenTheirPersonGoes: { field: 'userId', then: 'goes' },
    timeFields: ['createdAt'],
    deviceIndexes: ['[postId+userId]'],
    deviceVersion: 1,
  },
  albums: {
    parent: { table: 'families', field: 'familyId' },
    userFields: ['createdById'],
    whenTheirPersonGoes: { field: 'createdById', then: 'passes' },
    timeFields: ['createdAt'],
    deviceIndexes: [],
    deviceVersion: 5,
  },
  // Version 2 kept photos on the device before they were synced, with these indexes; version 5 adds `albumId`.
  photos: {
    parent: { table: 'families', field: 'familyId' },
    userFields: ['uploadedById'],
    whenTheirPersonGoes: { field: 'uploadedById', then: 'passes' },
    timeFields: ['createdAt'],
    deviceIndexes: ['[familyId+createdAt]', 'albumId'],
    deviceVersion: 5,
  },
  /**
   * Who is in each photo (decision 0060). The tagged person's tags go with their account by this rule; the ones they
   * made go too, by the foreign key of `taggedById` when their user row goes, after `forgetIn` raised the floor.
   */
  photoTags: {
    parent: { table: 'photos', field: 'photoId' },
    userFields: ['userId', 'taggedById'],
    whenTheirPersonGoes: { field: 'userId', then: 'goes' },
    timeFields: ['createdAt'],
    deviceIndexes: ['userId'],
    deviceVersion: 11,
  },
  // Version 2 kept events on the device before they were synced, with these indexes.
  events: {
    parent: { table: 'families', field: 'familyId' },
    userFields: ['createdById'],
    whenTheirPersonGoes: { field: 'createdById', then: 'passes' },
    timeFields: ['startDate', 'endDate', 'createdAt'],
    deviceIndexes: ['[familyId+startDate]'],
    deviceVersion: 2,
  },
  /** Each member's answer to an event; no row is "not answered yet" (the spec's `pending`). */
  rsvps: {
    parent: { table: 'events', field: 'eventId' },
    userFields: ['userId'],
    whenTheirPersonGoes: { field: 'userId', then: 'goes' },
    timeFields: ['updatedAt'],
    deviceIndexes: [],
    deviceVersion: 7,
  },
  /** Chat (decision 0021): a first pull sends only the newest; the screen asks for older ones as it scrolls. */
  messages: {
    parent: { table: 'families', field: 'familyId' },
    userFields: ['senderId'],
    whenTheirPersonGoes: { field: 'senderId', then: 'passes' },
    timeFields: ['createdAt', 'deletedAt'],
    deviceIndexes: ['[familyId+number]'],
    deviceVersion: 8,
  },
  /** The person's own read position per family; a pull never sends anyone else's. */
  chatReads: {
    parent: { table: 'families', field: 'familyId' },
    userFields: [],
    whenTheirPersonGoes: { field: 'userId', then: 'goes' },
    timeFields: [],
    deviceIndexes: [],
    deviceVersion: 8,
  },
  /** The person's own notifications (decision 0022); a pull never sends anyone else's. */
  notifications: {
    parent: { table: 'families', field: 'familyId' },
    userFields: ['actorId'],
    whenTheirPersonGoes: { field: 'actorId', then: 'passes' },
    timeFields: ['createdAt', 'updatedAt'],
    deviceIndexes: ['updatedAt'],
    deviceVersion: 9,
  },
  /**
   * A chat message's sound, a photo's story (decision 0058) or a voice comment's sound (decision 0065). Its family is
   * its parent: a message, photo or comment that goes takes its voice notes by its own repository, tombstoned, as
   * nothing can declare two parents. Version 12 adds `commentId`.
   */
  voiceNotes: {
    parent: { table: 'families', field: 'familyId' },
    userFields: ['authorId'],
    whenTheirPersonGoes: { field: 'authorId', then: 'passes' },
    timeFields: ['createdAt'],
    deviceIndexes: ['messageId', 'photoId', 'commentId', '[familyId+createdAt]'],
    deviceVersion: 12,
  },
};

/** The synced tables in pull order: within one family version, parents come before their children. */
export const syncedTables = Object.keys(syncedTableDeclarations) as SyncedTable[];

/** The tables whose rows belong to a row of `table` (their declared parent), e.g. a post's comments and reactions. */
export function childTablesOf(table: SyncedTable): { table: SyncedTable; field: string }[] {
  return syncedTables.flatMap((child) => {
    const { parent } = syncedTableDeclarations[child];
    return parent?.table === table ? [{ table: child, field: parent.field }] : [];
  });
}

/** The fields a row of `table` is looked up by when its parent or family goes: `familyId` and the parent's field. */
export function parentFieldsOf(table: SyncedTable): string[] {
  const { parent } = syncedTableDeclarations[table];
  if (!parent) return [];
  return [...new Set(['familyId', parent.field])];
}

/** The family a synced row belongs to: its own id for a family, `familyId` for everything else. */
export function familyIdOf<T extends SyncedTable>(table: T, row: SyncedRows[T]): string {
  return table === 'families' ? row.id : (row as SyncedRows[Exclude<SyncedTable, 'families'>]).familyId;
}

/** Every user a row names (its author, member, creator…), by its declared user fields. */
export function usersNamedBy<T extends SyncedTable>(table: T, row: SyncedRows[T]): string[] {
  const ids: string[] = [];
  for (const field of syncedTableDeclarations[table].userFields) {
    const value = row[field as keyof SyncedRows[T]];
    if (typeof value === 'string') ids.push(value);
  }
  return ids;
}

/** A row as a pull sends it: put (new or changed) or deleted. */
export type RowPut = { [T in SyncedTable]: { table: T; op: 'put'; row: SyncedRows[T] } }[SyncedTable];
export type RowDeletion = { table: SyncedTable; op: 'delete'; id: string };
export type Change = RowPut | RowDeletion;
