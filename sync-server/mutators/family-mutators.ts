import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createFamilyRepository, firstFamilyVersion } from '../repositories/family-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { lockFamilyAsMember, timeWritten, writeAtNewVersion } from './access.ts';
import { MutationRejected, type MutationContext, type Mutators } from './mutator.ts';

/**
 * `family.create`: the family and its creator's membership (admin, relationship "creator"), both at the family's
 * first version. The REST route also passes a description, which the mutation itself does not carry.
 */
export async function createFamily(
  tx: Transaction,
  { userId, now }: MutationContext,
  args: MutationArgs<'family.create'> & { description?: string | null },
): Promise<FamilyChange | null> {
  const families = createFamilyRepository(tx);
  const created = await families.create({
    id: args.familyId,
    name: args.name,
    description: args.description ?? null,
    createdById: userId,
    now,
  });
  if (!created) {
    // The id is taken: fine if it is this very family (the same create again), never if it is anything else.
    const family = await families.find(args.familyId);
    const member = await families.findMember(args.memberId, args.familyId);
    const sameFamily = family?.createdById === userId && member?.familyId === args.familyId && member.userId === userId;
    if (!sameFamily) throw new MutationRejected('idTaken');
    return null;
  }
  const memberAdded = await families.addMember({
    id: args.memberId,
    familyId: args.familyId,
    userId,
    role: 'admin',
    relationshipType: 'creator',
    relativeToId: null,
    version: firstFamilyVersion,
    now,
  });
  if (!memberAdded) throw new MutationRejected('idTaken');
  return { familyId: args.familyId, version: firstFamilyVersion, membershipChanged: [userId] };
}

/** An admin renames the family. */
export async function renameFamily(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'family.rename'>,
): Promise<FamilyChange | null> {
  const access = await lockFamilyAsMember(tx, args.familyId, context.userId);
  if (access.role !== 'admin') throw new MutationRejected('adminsOnly');
  const families = createFamilyRepository(tx);
  if ((await families.find(access.familyId))?.name === args.name) return null;
  return writeAtNewVersion(access, (version) =>
    families.rename(access.familyId, args.name, version, timeWritten(access, context)),
  );
}

export const familyMutators: Mutators<'family.create' | 'family.rename'> = {
  'family.create': createFamily,
  'family.rename': renameFamily,
};
