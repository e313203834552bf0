import type { FamilyRole, SyncedTable } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import { createSyncRepository } from '../repositories/sync-repository.ts';
import { MutationRejected, type RejectionKind } from './mutator.ts';

/** The signed-in user's standing in a family whose row this transaction now holds locked. */
export type FamilyAccess = { familyId: string; version: number; role: FamilyRole };

/**
 * Bumps the family's version, which locks it until commit, then reads the user's role: after the lock nobody else
 * can change the membership, so the answer holds for the rest of the transaction. A family that does not exist and
 * one the user is not in read the same (`notMember`): a guess at an id learns nothing. A rejection rolls the bump
 * back with everything else.
 */
export async function lockFamilyAsMember(tx: Transaction, familyId: string, userId: string): Promise<FamilyAccess> {
  const families = createFamilyRepository(tx);
  const version = await families.bumpVersion(familyId);
  const role = version === null ? null : await families.roleOf(familyId, userId);
  if (version === null || role === null) throw new MutationRejected('notMember');
  return { familyId, version, role };
}

/**
 * For a write that names a row (a post, a comment, a member) rather than a family: finds the row's family, locks it
 * as `lockFamilyAsMember` does, and reads the row again, now that no write of the family can change it.
 * A row that is gone was deleted (`deletedKind`) if the user belongs to the family it was deleted from; anything
 * else (never existed, another family's) reads as `notMember`.
 */
export async function lockFamilyOfRow<Row extends { familyId: string }>(
  tx: Transaction,
  userId: string,
  row: { table: SyncedTable; id: string; find: () => Promise<Row | null>; deletedKind: RejectionKind },
): Promise<FamilyAccess & { row: Row }> {
  const unlocked = await row.find();
  if (!unlocked) {
    const deleted = await createSyncRepository(tx).wasDeletedInFamilyOf(userId, row.table, row.id);
    throw new MutationRejected(deleted ? row.deletedKind : 'notMember');
  }
  const access = await lockFamilyAsMember(tx, unlocked.familyId, userId);
  const locked = await row.find();
  if (!locked) throw new MutationRejected(row.deletedKind);
  return { ...access, row: locked };
}

/** `lockFamilyOfRow` for the post a write is about (an edit, a comment, a reaction). */
export function lockFamilyOfPost(tx: Transaction, userId: string, postId: string) {
  const posts = createPostRepository(tx);
  return lockFamilyOfRow(tx, userId, {
    table: 'posts',
    id: postId,
    find: () => posts.findRef(postId),
    deletedKind: 'postNotFound',
  });
}
