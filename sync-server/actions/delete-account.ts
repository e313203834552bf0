import type { Transaction } from '../database.ts';
import { bumpLockedFamily } from '../mutators/access.ts';
import { createAccountDeletionRepository } from '../repositories/account-deletion-repository.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';

/** A family the person is the last admin of, with others in it: someone must be made admin first. */
export type FamilyToHandOver = { familyId: string; name: string };

export type AccountDeletion =
  /** `exportIds`: their archives, to take out of storage once this has committed. */
  | { deleted: true; familyChanges: FamilyChange[]; exportIds: string[] }
  | { deleted: false; handOverFirst: FamilyToHandOver[] };

/**
 * Deletes the person, in the caller's transaction (decision 0026). Refused, changing nothing, while they are the
 * last admin of a family with other members. A family of theirs alone goes whole. In every other family, under its
 * lock at a new version, each synced row naming them goes or passes to "Former member" as its table declares
 * (schema/synced-tables.ts `whenTheirPersonGoes`), and every device of the family fetches it again. Then their user
 * row goes, and with it (foreign keys) everything else of theirs: sessions (every device of theirs is signed out and
 * wipes its copy at its next request), devices, push subscriptions, settings, calendar address, their
 * notifications, invitations they made.
 */
export async function deleteAccount(tx: Transaction, userId: string): Promise<AccountDeletion> {
  const families = createFamilyRepository(tx);
  const account = createAccountDeletionRepository(tx);
  const memberships = await account.memberships(userId);
  for (const { family_id: familyId } of memberships) await families.lock(familyId);
  const others = await account.others(
    memberships.map((row) => row.family_id),
    userId,
  );
  const othersIn = new Map(others.map((row) => [row.family_id, row]));
  const handOverFirst = memberships
    .filter((row) => row.role === 'admin' && othersIn.has(row.family_id) && othersIn.get(row.family_id)?.admins === 0)
    .map((row) => ({ familyId: row.family_id, name: row.name }));
  if (handOverFirst.length > 0) return { deleted: false, handOverFirst };

  const familyChanges: FamilyChange[] = [];
  for (const { family_id: familyId } of memberships) {
    if (!othersIn.has(familyId)) {
      // Nobody else's: the family goes with everything in it (only this person's devices held it).
      await account.deleteFamily(familyId);
      continue;
    }
    const version = await bumpLockedFamily(tx, familyId);
    await account.forgetIn(familyId, userId, version);
    familyChanges.push({ familyId, version, membershipChanged: [userId] });
  }
  const { exportIds } = await account.deleteUser(userId);
  return { deleted: true, familyChanges, exportIds };
}
