import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { lockFamilyOfRow } from './access.ts';
import { MutationRejected, type MutationContext } from './mutator.ts';

/** An admin removes a member, or a member leaves. A family always keeps an admin. */
export async function removeMember(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'member.remove'>,
): Promise<FamilyChange> {
  const families = createFamilyRepository(tx);
  const {
    familyId,
    writeVersion,
    role,
    row: member,
  } = await lockFamilyOfRow(tx, userId, {
    table: 'members',
    id: args.memberId,
    find: () => families.findMember(args.memberId),
    deletedKind: 'memberNotFound',
  });
  const leaving = member.userId === userId;
  if (!leaving && role !== 'admin') throw new MutationRejected('adminsOnly');
  if (member.role === 'admin' && (await families.adminCount(familyId)) <= 1) throw new MutationRejected('lastAdmin');
  const version = await writeVersion();
  await families.removeMember(member.id, version);
  return { familyId, version, membershipChanged: [member.userId] };
}
