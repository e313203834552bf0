import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { createFamilyBodySchema, id } from '../../schema/index.ts';
import { mutators } from '../mutators/index.ts';
import { createFamily } from '../mutators/family-mutators.ts';
import { MutationRejected } from '../mutators/mutator.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody, parseParams } from '../plugins/validation.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import type { MutationRunner } from './run-mutation.ts';

const memberParamsSchema = z.strictObject({ id, memberId: id });

export const familyRoutes: FastifyPluginAsync<{ runMutation: MutationRunner }> = async (app, { runMutation }) => {
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

  /** An admin removes a member, or a member leaves (their own membership id). */
  app.delete('/api/families/:id/members/:memberId', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const { id: familyId, memberId } = parseParams(memberParamsSchema, request);
    await runMutation(user.id, request.log, async (tx, context) => {
      const member = await createFamilyRepository(tx).findMember(memberId);
      // A member of another family named under this one reads like a member that does not exist.
      if (member && member.familyId !== familyId) throw new MutationRejected('notMember');
      return { change: await mutators['member.remove'](tx, context, { memberId }), result: null };
    });
    return reply.code(204).send();
  });
};
