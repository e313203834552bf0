import { randomUUID } from 'node:crypto';
import { familyMessages, type AcceptInvitationBody, type JoinedFamily } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { HttpError } from '../http-errors.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createInvitationRepository, type TokenInvitation } from '../repositories/invitation-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { bumpLockedFamily } from '../mutators/access.ts';
import type { MutationContext } from '../mutators/mutator.ts';

/** A token that was never made (or is malformed) and a family that is gone read the same. */
export function invitationNotFound(): HttpError {
  return new HttpError(404, { error: familyMessages.invitationInvalid });
}

/**
 * The invitation a token names, while it still lets people join. The lookup and the join answer a link that no
 * longer works the same way, so the join page can say why before anyone signs up.
 */
export function openInvitation(invitation: TokenInvitation | null, now: Date): TokenInvitation {
  if (!invitation) throw invitationNotFound();
  if (invitation.revoked) throw new HttpError(410, { error: familyMessages.invitationRevoked });
  if (invitation.expiresAt <= now) throw new HttpError(410, { error: familyMessages.invitationExpired });
  return invitation;
}

/**
 * The signed-in person joins the family an invitation link belongs to, as a plain member with the relationship they
 * chose to the invitation's maker. Joining is not a sync mutation (a device cannot join offline: the token is checked
 * here), so its refusals are HTTP answers. The membership is written under the family's lock at a new version, so
 * every device of the family, the joiner's included, pulls the new member after the change is published.
 */
export async function joinFamily(
  tx: Transaction,
  { userId, now }: MutationContext,
  { token, relationshipType }: AcceptInvitationBody,
): Promise<{ change: FamilyChange; result: JoinedFamily }> {
  const invitations = createInvitationRepository(tx);
  const families = createFamilyRepository(tx);
  const { familyId, invitedById } = openInvitation(await invitations.findByToken(token), now);
  if (!(await families.lock(familyId))) throw invitationNotFound();
  // Read again under the lock: a revoke, or its maker leaving the family, that committed meanwhile wins.
  openInvitation(await invitations.findByToken(token), now);
  if ((await families.roleOf(familyId, userId)) !== null) {
    throw new HttpError(409, { error: familyMessages.alreadyMember });
  }
  const version = await bumpLockedFamily(tx, familyId);
  const memberId = randomUUID();
  // The relationship is to the invitation's maker ("You are Rose's…", as the join page asks).
  await families.addMember({
    id: memberId,
    familyId,
    userId,
    role: 'member',
    relationshipType,
    relativeToId: invitedById,
    version,
    now,
  });
  await createNotificationRepository(tx).notify({
    familyId,
    type: 'new_member',
    groupKey: 'members',
    relatedId: memberId,
    actorId: userId,
    excerpt: '',
    version,
  });
  return { change: { familyId, version, membershipChanged: [userId] }, result: { familyId, memberId } };
}
