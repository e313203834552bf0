import { newSecretToken } from '../auth/secret-tokens.ts';
import { familyMessages, invitationLifetimeDays, type CreatedInvitation } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { createInvitationRepository } from '../repositories/invitation-repository.ts';
import { lockFamilyAsMember } from '../mutators/access.ts';
import type { MutationContext } from '../mutators/mutator.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Invitation links are made and turned off only on the server (they are not synced, so the family's version stays
 * where it is), but like every write of a family they decide under its lock: someone removed, or no longer an
 * admin, meanwhile is refused, and a join with the link takes its turn before or after, never in between.
 */

/** Any member makes a link; its token is shown this once and stored only as a hash. */
export async function createInvitation(
  tx: Transaction,
  { userId, now }: MutationContext,
  { familyId }: { familyId: string },
): Promise<CreatedInvitation> {
  await lockFamilyAsMember(tx, familyId, userId);
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + invitationLifetimeDays * dayMs);
  const invitations = createInvitationRepository(tx);
  const invitation = await invitations.create({ familyId, token, createdById: userId, now, expiresAt });
  return { ...invitation, token };
}

/** An admin, or whoever made the link, turns it off. */
export async function revokeInvitation(
  tx: Transaction,
  { userId, now }: MutationContext,
  { familyId, invitationId }: { familyId: string; invitationId: string },
): Promise<void> {
  const { role } = await lockFamilyAsMember(tx, familyId, userId);
  const invitations = createInvitationRepository(tx);
  const invitation = await invitations.findRef(invitationId, familyId);
  // Another family's invitation named under this one reads like one that does not exist.
  if (!invitation) throw new HttpError(404, { error: serverMessages.notFound });
  if (role !== 'admin' && invitation.createdById !== userId) {
    throw new HttpError(403, { error: familyMessages.invitationTurnOffNotAllowed });
  }
  await invitations.revoke({ familyId, id: invitationId }, now);
}
