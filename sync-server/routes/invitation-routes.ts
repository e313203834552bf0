import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationBodySchema,
  createdInvitationSchema,
  familyInvitationSchema,
  id,
  idParamsSchema,
  invitationLookupBodySchema,
  invitationPreviewSchema,
  joinedFamilySchema,
} from '../../schema/index.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { invitationNotFound, joinFamily, openInvitation } from '../actions/join-family.ts';
import { createInvitation, revokeInvitation } from '../actions/manage-invitations.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { drawJoinPage, type JoinPageDrawer } from '../plugins/invitation-page.ts';
import { apiError, errorResponses, noContent } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createInvitationRepository } from '../repositories/invitation-repository.ts';
import { requireMembership } from './support/family-access.ts';
import { mutationErrors, type MutationRunner } from './support/run-mutation.ts';

export type InvitationRoutesOptions = {
  config: Config;
  sql: Sql;
  runMutation: MutationRunner;
  now: () => number;
  /** With a build: the join page drawn with its invitation, else the app shell (plugins/invitation-page.ts). */
  joinPage?: { draw: JoinPageDrawer; shell: string };
};

const invitationParamsSchema = z.strictObject({ id, invitationId: id });

/**
 * A route's own error handler: a malformed token is answered exactly like an unknown one, never as a 400 naming the
 * field; anything else goes on to the app's error handler.
 */
function tokenErrorsAsNotFound(error: Error): never {
  if (error instanceof HttpError && error.body.issues?.some((issue) => issue.field === 'token')) {
    throw invitationNotFound();
  }
  throw error;
}

const unknownLink = apiError('No invitation has this token (unknown or malformed)');
const closedLink = apiError('The link expired, or was turned off');

const schemas = {
  create: {
    summary: 'A new invitation link; its token is shown this once',
    params: idParamsSchema,
    response: { 201: createdInvitationSchema, ...mutationErrors, 429: apiError('Many links made lately') },
  },
  list: {
    summary: 'The family’s open invitation links (never their tokens)',
    params: idParamsSchema,
    response: { 200: z.array(familyInvitationSchema), ...errorResponses(400, 401, 404) },
  },
  revoke: {
    summary: 'An admin, or whoever made the link, turns it off',
    params: invitationParamsSchema,
    response: { 204: noContent('Turned off'), ...mutationErrors },
  },
  lookup: {
    summary: 'What the join page shows of a link, signed in or not',
    body: invitationLookupBodySchema,
    response: { 200: invitationPreviewSchema, ...errorResponses(400, 429), 404: unknownLink, 410: closedLink },
  },
  accept: {
    summary: 'The signed-in person joins the family with the relationship they chose',
    body: acceptInvitationBodySchema,
    response: {
      201: joinedFamilySchema,
      ...mutationErrors,
      ...errorResponses(429),
      404: unknownLink,
      410: closedLink,
    },
  },
};

/**
 * Invitation links (schema/invitations.ts). Members make, list and turn off links; anyone holding a link can look
 * it up, and a signed-in person can join with it. Looking up and joining are public to anyone with a link, so they
 * are limited per address, each on its own budget: a family joining together from one home stays well within it.
 */
export const invitationRoutes: FastifyPluginAsyncZod<InvitationRoutesOptions> = async (
  app,
  { config, sql, runMutation, now, joinPage },
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

  app.post(
    '/api/families/:id/invitations',
    { preValidation: app.requireUser, schema: schemas.create },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId } = request.params;
      enforceRateLimit(await invitationsMade.hit(user.id), serverMessages.tooManyInvitations);
      const invitation = await runMutation(user.id, request.log, async (tx, context) => ({
        change: null,
        result: await createInvitation(tx, context, { familyId }),
      }));
      return reply.code(201).send(invitation);
    },
  );

  app.get(
    '/api/families/:id/invitations',
    { preValidation: app.requireUser, schema: schemas.list },
    async (request) => {
      const { user } = signedIn(request);
      const { id: familyId } = request.params;
      await requireMembership(families, familyId, user.id);
      return invitations.listOpen(familyId, new Date());
    },
  );

  /** An admin, or whoever made the link, turns it off. */
  app.delete(
    '/api/families/:id/invitations/:invitationId',
    { preValidation: app.requireUser, schema: schemas.revoke },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId, invitationId } = request.params;
      await runMutation(user.id, request.log, async (tx, context) => ({
        change: null,
        result: await revokeInvitation(tx, context, { familyId, invitationId }),
      }));
      return reply.code(204).send();
    },
  );

  // Counted in preValidation, before the body is looked at.
  const lookupsPerIp = async (request: FastifyRequest) => enforceRateLimit(await perIp.hit(`lookup:${request.ip}`));
  const acceptsPerIp = async (request: FastifyRequest) => enforceRateLimit(await perIp.hit(`accept:${request.ip}`));

  app.post(
    '/api/invitations/lookup',
    { preValidation: lookupsPerIp, errorHandler: tokenErrorsAsNotFound, schema: schemas.lookup },
    async (request, reply) => {
      const { token } = request.body;
      const invitation = openInvitation(await invitations.findByToken(token), new Date());
      const userId = await signedInUserId(request, reply);
      return {
        familyId: invitation.familyId,
        familyName: invitation.familyName,
        invitedBy: invitation.invitedBy,
        expiresAt: invitation.expiresAt.toISOString(),
        alreadyMember: userId !== null && (await families.roleOf(invitation.familyId, userId)) !== null,
      };
    },
  );

  if (joinPage) {
    // A page, like the public ones: not part of the API document. Counted with the look-ups, which it stands for.
    app.get(
      '/join/:token',
      { schema: { hide: true, params: z.strictObject({ token: z.string() }) } },
      async (request, reply) => {
        const preview = async (token: string) => {
          try {
            enforceRateLimit(await perIp.hit(`lookup:${request.ip}`));
            const invitation = openInvitation(await invitations.findByToken(token), new Date());
            const { familyId, familyName, invitedBy, expiresAt } = invitation;
            // Drawn for a visitor: whether a signed-in reader belongs already, the app asks once it runs.
            return { familyId, familyName, invitedBy, expiresAt: expiresAt.toISOString(), alreadyMember: false };
          } catch (error) {
            if (error instanceof HttpError) return null;
            throw error;
          }
        };
        const page = await drawJoinPage(joinPage.draw, request.params.token, preview, request.log);
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(page ?? joinPage.shell);
      },
    );
  }

  app.post(
    '/api/invitations/accept',
    {
      preValidation: [app.requireUser, acceptsPerIp],
      errorHandler: tokenErrorsAsNotFound,
      schema: schemas.accept,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { body } = request;
      const joined = await runMutation(user.id, request.log, (tx, context) => joinFamily(tx, context, body));
      return reply.code(201).send(joined);
    },
  );
};
