import type { FamilyRole, SyncedTable } from '../../schema/index.ts';
import type { Sql, Transaction } from '../database.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import { createSyncRepository } from '../repositories/sync-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { MutationRejected, type MutationContext, type RejectionKind } from './mutator.ts';

/** The signed-in user's standing in a family whose row this transaction now holds locked. */
export type FamilyAccess = {
  familyId: string;
  role: FamilyRole;
  /** When the user joined the family: nothing they write there can be older. */
  joinedAt: Date;
  /**
   * The version this transaction's writes carry. The first call moves the family on, later calls answer the same
   * version: a mutator calls it only once it knows it will write, so a replay that changes nothing keeps the version.
   */
  writeVersion(): Promise<number>;
};

/**
 * Locks the family's row, then reads the user's role: after the lock nobody else can change the membership, so the
 * answer holds for the rest of the transaction. The two are sent together (one round trip) and PostgreSQL runs them
 * in turn on the connection, so the read starts only once the lock is held. A family that does not exist and one the
 * user is not in read the same (`notMember`): a guess at an id learns nothing.
 */
export async function lockFamilyAsMember(tx: Transaction, familyId: string, userId: string): Promise<FamilyAccess> {
  const families = createFamilyRepository(tx);
  const [locked, membership] = await Promise.all([families.lock(familyId), families.membershipOf(familyId, userId)]);
  if (!locked || membership === null) throw new MutationRejected('notMember');
  let version: Promise<number> | undefined;
  return { familyId, ...membership, writeVersion: () => (version ??= bumpLockedFamily(tx, familyId)) };
}

/**
 * The time a write shows: when the person wrote it (the context's `writtenAt`, corrected and never in the future),
 * but never before they joined the family the write is in.
 */
export function timeWritten(access: FamilyAccess, { writtenAt }: MutationContext): Date {
  return writtenAt < access.joinedAt ? access.joinedAt : writtenAt;
}

/** Moves on a family whose row this transaction holds locked, so it cannot have gone; answers the new version. */
export async function bumpLockedFamily(tx: Transaction, familyId: string): Promise<number> {
  const version = await createFamilyRepository(tx).bumpVersion(familyId);
  if (version === null) throw new Error(`family ${familyId} vanished under its own lock`);
  return version;
}

/**
 * A write the server makes on its own, nobody's mutation (a reminder, an archive's announcement, housekeeping), in a
 * transaction of its own under the family's lock. `write` asks for the version only once it knows it will write, as
 * a mutator does (`FamilyAccess.writeVersion`): then the family moves on and its change is answered for live pokes;
 * otherwise null, as when the family is gone.
 */
export async function writeToFamily(
  sql: Sql,
  familyId: string,
  write: (tx: Transaction, writeVersion: () => Promise<number>) => Promise<void>,
): Promise<FamilyChange | null> {
  return sql.begin(async (tx) => {
    if (!(await createFamilyRepository(tx).lock(familyId))) return null;
    let version: Promise<number> | undefined;
    await write(tx, () => (version ??= bumpLockedFamily(tx, familyId)));
    return version ? { familyId, version: await version, membershipChanged: [] } : null;
  });
}

/**
 * For a write that names a row (a post, a comment, a member) and the row's family: locks the family as
 * `lockFamilyAsMember` does and reads the row in it, sent together, so the read runs once the lock is held and no
 * write of the family can change the row after. A row not in the family was deleted (`deletedKind`) if the family's
 * tombstones name it; anything else (never existed, another family's) reads as `notMember`.
 * A write queued by an app from before writes named their family carries none (decision 0067): the row's family is
 * found by its id first.
 */
export async function lockFamilyOfRow<Row extends { familyId: string }>(
  tx: Transaction,
  userId: string,
  row: {
    table: SyncedTable;
    id: string;
    familyId: string | undefined;
    find: (familyId: string) => Promise<Row | null>;
    deletedKind: RejectionKind;
  },
): Promise<FamilyAccess & { row: Row }> {
  const familyId = row.familyId ?? (await familyOfUnnamedRow(tx, userId, row));
  const [access, found] = await Promise.all([lockFamilyAsMember(tx, familyId, userId), row.find(familyId)]);
  // The find looks in the family; the check keeps a row of another family out should a find ever not.
  if (found?.familyId === familyId) return { ...access, row: found };
  const deleted = await createSyncRepository(tx).wasDeletedInFamily(familyId, row.table, row.id);
  throw new MutationRejected(deleted ? row.deletedKind : 'notMember');
}

/**
 * The family of a row a write names by its id alone, read before any lock: among the families the person is in, as
 * an id is unique only in its family (decision 0068). The row gone reads as it does there.
 */
async function familyOfUnnamedRow(
  tx: Transaction,
  userId: string,
  row: { table: SyncedTable; id: string; deletedKind: RejectionKind },
): Promise<string> {
  const sync = createSyncRepository(tx);
  const familyId = await sync.familyOfRowSeenBy(userId, row.table, row.id);
  if (familyId !== null) return familyId;
  const deleted = await sync.wasDeletedInFamilyOf(userId, row.table, row.id);
  throw new MutationRejected(deleted ? row.deletedKind : 'notMember');
}

/** `lockFamilyOfRow` for the post a write is about (an edit, a comment, a reaction). */
export function lockFamilyOfPost(tx: Transaction, userId: string, post: { postId: string; familyId?: string }) {
  const posts = createPostRepository(tx);
  return lockFamilyOfRow(tx, userId, {
    table: 'posts',
    id: post.postId,
    familyId: post.familyId,
    find: (familyId) => posts.findRef(post.postId, familyId),
    deletedKind: 'postNotFound',
  });
}

/**
 * Writes at the family's new version and answers the change to publish. Nobody joins or leaves with it:
 * `membershipChanged` is empty. `seenOnlyBy` names the members who alone can see the write (their own reads).
 */
export async function writeAtNewVersion(
  { familyId, writeVersion }: FamilyAccess,
  write: (version: number) => Promise<unknown>,
  { seenOnlyBy }: Pick<FamilyChange, 'seenOnlyBy'> = {},
): Promise<FamilyChange> {
  const version = await writeVersion();
  await write(version);
  return { familyId, version, membershipChanged: [], ...(seenOnlyBy ? { seenOnlyBy } : {}) };
}

/**
 * A create with an id made on the device, under its family's lock. `find` answers whatever holds the id in the family
 * now: when it is the row as this very create made it (a replay) there is nothing to do (null); anything else
 * holding the id refuses the create. An id this family's tombstones name was created and deleted since: the create
 * is a replay (a device that started over sends its writes again) and must not bring the row back. Both are asked in
 * one round trip. An id is unique in its family alone (decision 0068): another family's rows are not looked at.
 */
export async function createOnce<Row>(
  tx: Transaction,
  access: FamilyAccess,
  {
    table,
    id,
    find,
    isThisCreate,
    create,
  }: {
    table: SyncedTable;
    id: string;
    find: () => Promise<Row | null>;
    isThisCreate: (row: Row) => boolean;
    create: (version: number) => Promise<boolean>;
  },
): Promise<FamilyChange | null> {
  const [existing, deleted] = await Promise.all([
    find(),
    createSyncRepository(tx).wasDeletedInFamily(access.familyId, table, id),
  ]);
  if (existing) {
    if (!isThisCreate(existing)) throw new MutationRejected('idTaken');
    return null;
  }
  if (deleted) return null;
  return writeAtNewVersion(access, async (version) => {
    // The id was free in the locked family; another of the row's keys may not be (a message's voice note).
    if (!(await create(version))) throw new MutationRejected('idTaken');
  });
}
