import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFamilyBodySchema,
  familyMemberSchema,
  familySchema,
  id,
  idParamsSchema,
  renameFamilyBodySchema,
  updateMemberBodySchema,
} from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { mutators } from '../mutators/index.ts';
import { createFamily } from '../mutators/family-mutators.ts';
import { errorResponses, noContent } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { sendSeenByMember } from './support/family-access.ts';
import { mutationErrors, type MutationRunner } from './support/run-mutation.ts';

const memberParamsSchema = z.strictObject({ id, memberId: id });

const schemas = {
  list: {
    summary: 'The caller’s families',
    response: { 200: z.array(familySchema), ...errorResponses(401) },
  },
  create: {
    summary: 'Makes a family with the caller as its admin',
    body: createFamilyBodySchema,
    response: { 201: familySchema, ...mutationErrors },
  },
  rename: {
    summary: 'An admin renames the family',
    params: idParamsSchema,
    body: renameFamilyBodySchema,
    response: { 200: familySchema, ...mutationErrors },
  },
  members: {
    summary: 'The family’s members, with what members see of each other',
    params: idParamsSchema,
    response: { 200: z.array(familyMemberSchema), ...errorResponses(400, 401, 404) },
  },
  updateMember: {
    summary: 'An admin changes a member’s role; a member (or an admin) how they are related',
    params: memberParamsSchema,
    body: updateMemberBodySchema,
    response: { 200: familyMemberSchema, ...mutationErrors },
  },
  removeMember: {
    summary: 'An admin removes a member, or a member leaves',
    params: memberParamsSchema,
    response: { 204: noContent('Removed'), ...mutationErrors },
  },
};

export const familyRoutes: FastifyPluginAsyncZod<{ sql: Sql; runMutation: MutationRunner }> = async (
  app,
  { sql, runMutation },
) => {
  const families = createFamilyRepository(sql);

  app.get('/api/families', { preValidation: app.requireUser, schema: schemas.list }, async (request) =>
    families.familiesOf(signedIn(request).user.id),
  );

  app.post('/api/families', { preValidation: app.requireUser, schema: schemas.create }, async (request, reply) => {
    const { user } = signedIn(request);
    const { body } = request;
    const familyId = randomUUID();
    const family = await runMutation(user.id, request.log, async (tx, context) => ({
      change: await createFamily(tx, context, { familyId, memberId: randomUUID(), ...body }),
      result: await createFamilyRepository(tx).find(familyId),
    }));
    if (!family) throw new Error(`family ${familyId} missing right after it was created`);
    return reply.code(201).send(family);
  });

  /** An admin renames the family. */
  app.patch('/api/families/:id', { preValidation: app.requireUser, schema: schemas.rename }, async (request) => {
    const { user } = signedIn(request);
    const { id: familyId } = request.params;
    const { name } = request.body;
    const family = await runMutation(user.id, request.log, async (tx, context) => ({
      change: await mutators['family.rename'](tx, context, { familyId, name }),
      result: await createFamilyRepository(tx).find(familyId),
    }));
    if (!family) throw new Error(`family ${familyId} missing right after it was renamed`);
    return family;
  });

  app.get(
    '/api/families/:id/members',
    { preValidation: app.requireUser, schema: schemas.members },
    async (request, reply) => {
      const { id: familyId } = request.params;
      // A member is always among the members: none at all means the caller is not one.
      return sendSeenByMember(reply, await families.membersSeenByJson(familyId, signedIn(request).user.id));
    },
  );

  /** An admin changes a member's role; a member (or an admin) how they are related. Both at once in one write. */
  app.patch(
    '/api/families/:id/members/:memberId',
    { preValidation: app.requireUser, schema: schemas.updateMember },
    async (request) => {
      const { user } = signedIn(request);
      const { id: familyId, memberId } = request.params;
      const { role, relationshipType } = request.body;
      const member = await runMutation(user.id, request.log, async (tx, context) => {
        // Named in the family of the address: a member of another family reads like one that does not exist.
        let change: FamilyChange | null = null;
        if (role) change = await mutators['member.setRole'](tx, context, { memberId, familyId, role });
        if (relationshipType) {
          // This write moves the family on again when it changes something: its version then covers both.
          const args = { memberId, familyId, relationshipType };
          change = (await mutators['member.setRelationship'](tx, context, args)) ?? change;
        }
        return { change, result: await createFamilyRepository(tx).findMemberWithUser(memberId, familyId) };
      });
      if (!member) throw new Error(`member ${memberId} missing right after it was updated`);
      return member;
    },
  );

  /** An admin removes a member, or a member leaves (their own membership id). */
  app.delete(
    '/api/families/:id/members/:memberId',
    { preValidation: app.requireUser, schema: schemas.removeMember },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId, memberId } = request.params;
      await runMutation(user.id, request.log, async (tx, context) => ({
        change: await mutators['member.remove'](tx, context, { memberId, familyId }),
        result: null,
      }));
      return reply.code(204).send();
    },
  );
};
