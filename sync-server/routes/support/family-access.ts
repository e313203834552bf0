import type { FastifyReply } from 'fastify';
import type { FamilyRole } from '../../../schema/index.ts';
import { HttpError, serverMessages } from '../../http-errors.ts';
import { sendJsonText } from '../../plugins/route-schemas.ts';
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

/**
 * A family's read as the JSON PostgreSQL made, with the membership checked in the same statement (null when the user
 * is not a member): sent as it is, or answered exactly like a family that does not exist.
 */
export function sendSeenByMember(reply: FastifyReply, json: string | null): FastifyReply {
  if (json === null) throw new HttpError(404, { error: serverMessages.notFound });
  return sendJsonText(reply, json);
}
