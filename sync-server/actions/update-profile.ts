import type { User } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createUserRepository, type UserChanges } from '../repositories/user-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';

/**
 * The signed-in person changes their account. A change other members see (name, username, birthday) moves every family of
 * theirs on, so their devices pull the user again; `familyChanges` are to be published once this has committed.
 * Null when the user is gone.
 */
export async function updateProfile(
  tx: Transaction,
  userId: string,
  changes: UserChanges,
): Promise<{ user: User; familyChanges: FamilyChange[] } | null> {
  const seenByMembers = [changes.username, changes.firstName, changes.lastName, changes.birthday].some(
    (value) => value !== undefined,
  );
  // Families before the user row: a family write locks its family first and the author's row (a foreign key check)
  // after, so taking them in the same order cannot deadlock with it.
  const familyChanges = seenByMembers ? await createFamilyRepository(tx).restampMemberships(userId) : [];
  const user = await createUserRepository(tx).update(userId, changes);
  return user ? { user, familyChanges } : null;
}
