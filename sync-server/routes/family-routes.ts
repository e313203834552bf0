import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  createFamilyBodySchema,
  id,
  idParamsSchema,
  renameFamilyBodySchema,
  updateMemberBodySchema,
  type Family,
  type FamilyMember,
} from '../../schema/index.ts';
import type { Sql, Transaction } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { mutators } from '../mutators/index.ts';
import { createFamily } from '../mutators/family-mutators.ts';
import { MutationRejected } from '../mutators/mutator.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody, parseParams } from '../plugins/validation.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import type { MutationRunner } from './support/run-mutation.ts';

const memberParamsSchema = z.strictObject({ id, memberId: id });

/** A member of another family named under this one reads like a member that does not exist. */
async function refuseMemberOfAnotherFamily(tx: Transaction, familyId: string, memberId: string): Promise<void> {
  const member = await createFamilyRepository(tx).findMember(memberId);
  if (member && member.familyId !== familyId) throw new MutationRejected('notMember');
}

export const familyRoutes: FastifyPluginAsync<{ sql: Sql; runMutation: MutationRunner }> = async (
  app,
  { sql, runMutation },
) => {
  const families = createFamilyRepository(sql);

  app.get('/api/families', { preHandler: app.requireUser }, async (request): Promise<Family[]> =>
    families.familiesOf(signedIn(request).user.id),
  );

  app.post('/api/families', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const body = parseBody(createFamilyBodySchema, request);
    const familyId = randomUUID();
    const family = await runMutation(user.id, request.log, async (tx, context) => ({
      change: await createFamily(tx, context, { familyId, memberId: randomUUID(), ...body }),
      result: await createFamilyRepository(tx).find(familyId),
    }));
    return reply.code(201).send(family);
  });

  /** An admin renames the family. */
  app.patch('/api/families/:id', { preHandler: app.requireUser }, async (request): Promise<Family> => {
    const { user } = signedIn(request);
    const { id: familyId } = parseParams(idParamsSchema, request);
    const { name } = parseBody(renameFamilyBodySchema, request);
    const family = await runMutation(user.id, request.log, async (tx, context) => ({
      change: await mutators['family.rename'](tx, context, { familyId, name }),
      result: await createFamilyRepository(tx).find(familyId),
    }));
    if (!family) throw new Error(`family ${familyId} missing right after it was renamed`);
    return family;
  });

  app.get('/api/families/:id/members', { preHandler: app.requireUser }, async (request): Promise<FamilyMember[]> => {
    const { id: familyId } = parseParams(idParamsSchema, request);
    const members = await families.membersSeenBy(familyId, signedIn(request).user.id);
    if (members.length === 0) throw new HttpError(404, { error: serverMessages.notFound });
    return members;
  });

  /** An admin changes a member's role; a member (or an admin) how they are related. Both at once in one write. */
  app.patch(
    '/api/families/:id/members/:memberId',
    { preHandler: app.requireUser },
    async (request): Promise<FamilyMember> => {
      const { user } = signedIn(request);
      const { id: familyId, memberId } = parseParams(memberParamsSchema, request);
      const { role, relationshipType } = parseBody(updateMemberBodySchema, request);
      const member = await runMutation(user.id, request.log, async (tx, context) => {
        await refuseMemberOfAnotherFamily(tx, familyId, memberId);
        let change: FamilyChange | null = null;
        if (role) change = await mutators['member.setRole'](tx, context, { memberId, role });
        if (relationshipType) {
          // This write moves the family on again when it changes something: its version then covers both.
          const args = { memberId, relationshipType };
          change = (await mutators['member.setRelationship'](tx, context, args)) ?? change;
        }
        return { change, result: await createFamilyRepository(tx).findMemberWithUser(memberId) };
      });
      if (!member) throw new Error(`member ${memberId} missing right after it was updated`);
      return member;
    },
  );

  /** An admin removes a member, or a member leaves (their own membership id). */
  app.delete('/api/families/:id/members/:memberId', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const { id: familyId, memberId } = parseParams(memberParamsSchema, request);
    await runMutation(user.id, request.log, async (tx, context) => {
      await refuseMemberOfAnotherFamily(tx, familyId, memberId);
      return { change: await mutators['member.remove'](tx, context, { memberId }), result: null };
    });
    return reply.code(204).send();
  });
};
