import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { lockFamilyOfRow, writeAtNewVersion } from './access.ts';
import { MutationRejected, type MutationContext, type Mutators } from './mutator.ts';

/** `lockFamilyOfRow` for the membership a write is about. */
function lockFamilyOfMember(tx: Transaction, userId: string, member: { memberId: string; familyId?: string }) {
  const families = createFamilyRepository(tx);
  return lockFamilyOfRow(tx, userId, {
    table: 'members',
    id: member.memberId,
    familyId: member.familyId,
    find: (familyId) => families.findMember(member.memberId, familyId),
    deletedKind: 'memberNotFound',
  });
}

/** An admin removes a member, or a member leaves. A family always keeps an admin. */
export async function removeMember(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'member.remove'>,
): Promise<FamilyChange> {
  const families = createFamilyRepository(tx);
  const { familyId, writeVersion, role, row: member } = await lockFamilyOfMember(tx, userId, args);
  const leaving = member.userId === userId;
  if (!leaving && role !== 'admin') throw new MutationRejected('adminsOnly');
  if (member.role === 'admin' && (await families.adminCount(familyId)) <= 1) throw new MutationRejected('lastAdmin');
  const version = await writeVersion();
  await families.removeMember(member, version);
  return { familyId, version, membershipChanged: [member.userId] };
}

/** An admin makes a member an admin, or an admin a member (themself too). A family always keeps an admin. */
export async function setMemberRole(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'member.setRole'>,
): Promise<FamilyChange | null> {
  const families = createFamilyRepository(tx);
  const access = await lockFamilyOfMember(tx, userId, args);
  const member = access.row;
  if (access.role !== 'admin') throw new MutationRejected('adminsOnly');
  if (member.role === args.role) return null;
  if (member.role === 'admin' && (await families.adminCount(access.familyId)) <= 1) {
    throw new MutationRejected('lastAdmin');
  }
  return writeAtNewVersion(access, (version) => families.setRole(member, args.role, version));
}

/**
 * A member says how they are related to the family, or an admin says it for them. "Creator" belongs to the person
 * who made the family, so nobody else's membership can claim it.
 */
export async function setMemberRelationship(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'member.setRelationship'>,
): Promise<FamilyChange | null> {
  const families = createFamilyRepository(tx);
  const access = await lockFamilyOfMember(tx, userId, args);
  const member = access.row;
  if (member.userId !== userId && access.role !== 'admin') throw new MutationRejected('adminsOnly');
  if (args.relationshipType === 'creator' && (await families.find(access.familyId))?.createdById !== member.userId) {
    throw new MutationRejected('creatorOnly');
  }
  if (member.relationshipType === args.relationshipType) return null;
  return writeAtNewVersion(access, (version) => families.setRelationship(member, args.relationshipType, version));
}

export const memberMutators: Mutators<'member.remove' | 'member.setRole' | 'member.setRelationship'> = {
  'member.remove': removeMember,
  'member.setRole': setMemberRole,
  'member.setRelationship': setMemberRelationship,
};
