import type { FamilyRole } from '../../../schema/index.ts';
import { HttpError, serverMessages } from '../../http-errors.ts';
import type { FamilyRepository } from '../../repositories/family-repository.ts';

/** For reads of a family: one the user is not in answers exactly like one that does not exist. */
export async function requireMembership(
  families: FamilyRepository,
  familyId: string,
  userId: string,
): Promise<FamilyRole> {
  const role = await families.roleOf(familyId, userId);
  if (role === null) throw new HttpError(404, { error: serverMessages.notFound });
  return role;
}
