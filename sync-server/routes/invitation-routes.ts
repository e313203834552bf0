import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acceptInvitationBodySchema,
  id,
  idParamsSchema,
  invitationLookupBodySchema,
  type InvitationPreview,
} from '../../schema/index.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { invitationNotFound, joinFamily, openInvitation } from '../actions/join-family.ts';
import { createInvitation, revokeInvitation } from '../actions/manage-invitations.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody, parseParams } from '../plugins/validation.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createInvitationRepository } from '../repositories/invitation-repository.ts';
import { requireMembership } from './support/family-access.ts';
import type { MutationRunner } from './support/run-mutation.ts';

export type InvitationRoutesOptions = {
  config: Config;
  sql: Sql;
  runMutation: MutationRunner;
  now: () => number;
};

const invitationParamsSchema = z.strictObject({ id, invitationId: id });

/** A malformed token is answered exactly like an unknown one, never as a 400 naming the field. */
function parseTokenBody<Schema extends z.ZodType>(schema: Schema, request: FastifyRequest): z.output<Schema> {
  try {
    return parseBody(schema, request);
  } catch (error) {
    if (error instanceof HttpError && error.body.issues?.some((issue) => issue.field === 'token')) {
      throw invitationNotFound();
    }
    throw error;
  }
}

/**
 * Invitation links (schema/invitations.ts). Members make, list and turn off links; anyone holding a link can look
 * it up, and a signed-in person can join with it. Looking up and joining are public to anyone with a link, so they
 * are limited per address, each on its own budget: a family joining together from one home stays well within it.
 */
export const invitationRoutes: FastifyPluginAsync<InvitationRoutesOptions> = async (
  app,
  { config, sql, runMutation, now },
) => {
  const families = createFamilyRepository(sql);
  const invitations = createInvitationRepository(sql);
  const perIp = createRateLimiter(sql, {
    bucket: 'invitations-per-ip',
    limit: config.authRateLimitPerIp,
    windowMs: 60_000,
    now,
  });
  // A grandparent inviting the whole family makes a handful; a script making hundreds is stopped.
  const invitationsMade = createRateLimiter(sql, { bucket: 'invitations-made', limit: 30, windowMs: 60 * 60_000, now });

  /** The lookup works signed out; a live session only tells whether the person is in the family already. */
  async function signedInUserId(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    try {
      await app.requireUser(request, reply);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return null;
      throw error;
    }
    return signedIn(request).user.id;
  }

  app.post('/api/families/:id/invitations', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const { id: familyId } = parseParams(idParamsSchema, request);
    enforceRateLimit(await invitationsMade.hit(user.id), serverMessages.tooManyInvitations);
    const invitation = await runMutation(user.id, request.log, async (tx, context) => ({
      change: null,
      result: await createInvitation(tx, context, { familyId }),
    }));
    return reply.code(201).send(invitation);
  });

  app.get('/api/families/:id/invitations', { preHandler: app.requireUser }, async (request) => {
    const { user } = signedIn(request);
    const { id: familyId } = parseParams(idParamsSchema, request);
    await requireMembership(families, familyId, user.id);
    return invitations.listOpen(familyId, new Date());
  });

  /** An admin, or whoever made the link, turns it off. */
  app.delete('/api/families/:id/invitations/:invitationId', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const { id: familyId, invitationId } = parseParams(invitationParamsSchema, request);
    await runMutation(user.id, request.log, async (tx, context) => ({
      change: null,
      result: await revokeInvitation(tx, context, { familyId, invitationId }),
    }));
    return reply.code(204).send();
  });

  app.post('/api/invitations/lookup', async (request, reply): Promise<InvitationPreview> => {
    enforceRateLimit(await perIp.hit(`lookup:${request.ip}`));
    const { token } = parseTokenBody(invitationLookupBodySchema, request);
    const invitation = openInvitation(await invitations.findByToken(token), new Date());
    const userId = await signedInUserId(request, reply);
    return {
      familyId: invitation.familyId,
      familyName: invitation.familyName,
      invitedBy: invitation.invitedBy,
      expiresAt: invitation.expiresAt.toISOString(),
      alreadyMember: userId !== null && (await families.roleOf(invitation.familyId, userId)) !== null,
    };
  });

  app.post('/api/invitations/accept', { preHandler: app.requireUser }, async (request, reply) => {
    enforceRateLimit(await perIp.hit(`accept:${request.ip}`));
    const { user } = signedIn(request);
    const body = parseTokenBody(acceptInvitationBodySchema, request);
    const joined = await runMutation(user.id, request.log, (tx, context) => joinFamily(tx, context, body));
    return reply.code(201).send(joined);
  });
};
