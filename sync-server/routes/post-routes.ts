import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPostBodySchema,
  id,
  idParamsSchema,
  postSchema,
  reactBodySchema,
  reactedSchema,
  timestamp,
} from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { lockFamilyOfPost } from '../mutators/access.ts';
import { mutators } from '../mutators/index.ts';
import { errorResponses } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import { createReactionRepository } from '../repositories/reaction-repository.ts';
import { sendSeenByMember } from './support/family-access.ts';
import { mutationErrors, type MutationRunner } from './support/run-mutation.ts';

const feedPageMax = 100;
const feedLimitMessage = `Must be a whole number from 1 to ${feedPageMax}`;

/**
 * `?limit=` posts per page; for the page after it, `?before=` the createdAt of the oldest post shown so far and
 * `&beforeId=` its id (repositories/post-repository.ts `FeedPage`).
 */
const feedQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: feedLimitMessage })
      .int({ error: feedLimitMessage })
      .min(1, { error: feedLimitMessage })
      .max(feedPageMax, { error: feedLimitMessage })
      .default(20),
    before: timestamp.transform((value) => new Date(value)).optional(),
    beforeId: id.optional(),
  })
  .refine((query) => query.beforeId === undefined || query.before !== undefined, {
    error: 'Send before with beforeId: the createdAt of the same post',
    path: ['before'],
  });

const schemas = {
  feed: {
    summary: 'The family’s posts, newest first, with their authors, likes and comments; a page at a time',
    params: idParamsSchema,
    querystring: feedQuerySchema,
    response: { 200: z.array(postSchema), ...errorResponses(400, 401, 404) },
  },
  create: {
    summary: 'A post by the caller, with photos already in the family',
    params: idParamsSchema,
    body: createPostBodySchema,
    response: { 201: postSchema, ...mutationErrors },
  },
  react: {
    summary: 'Toggles the caller’s reaction; answers whether it is there now',
    params: idParamsSchema,
    body: reactBodySchema,
    response: { 200: reactedSchema, ...mutationErrors },
  },
};

export const postRoutes: FastifyPluginAsyncZod<{ sql: Sql; runMutation: MutationRunner }> = async (
  app,
  { sql, runMutation },
) => {
  const posts = createPostRepository(sql);

  /** The family's posts, newest first, with their authors, reactions and comments. */
  /** `Post[]`, written by PostgreSQL (post-repository.ts `feedJson`): one statement, sent as it comes. */
  app.get(
    '/api/families/:id/posts',
    { preValidation: app.requireUser, schema: schemas.feed },
    async (request, reply) => {
      const feed = await posts.feedJson(request.params.id, signedIn(request).user.id, request.query);
      return sendSeenByMember(reply, feed);
    },
  );

  app.post(
    '/api/families/:id/posts',
    { preValidation: app.requireUser, schema: schemas.create },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId } = request.params;
      const { content, photoIds } = request.body;
      const postId = randomUUID();
      const post = await runMutation(user.id, request.log, async (tx, context) => ({
        change: await mutators['post.create'](tx, context, { postId, familyId, content, photoIds }),
        result: await createPostRepository(tx).find(postId, familyId),
      }));
      if (!post) throw new Error(`post ${postId} missing right after it was created`);
      return reply.code(201).send(post);
    },
  );

  /** Toggles the user's reaction: the REST call says "toggle", the mutation it runs says which state to reach. */
  app.post('/api/posts/:id/react', { preValidation: app.requireUser, schema: schemas.react }, async (request) => {
    const { user } = signedIn(request);
    const { id: postId } = request.params;
    const { reactionType } = request.body;
    const reacted = await runMutation(user.id, request.log, async (tx, context) => {
      // The family is locked before the reaction is read: two quick toggles take turns, so the second undoes the first.
      const { familyId } = await lockFamilyOfPost(tx, user.id, { postId });
      const exists = await createReactionRepository(tx).exists({ familyId, postId, userId: user.id, reactionType });
      const change = await mutators['reaction.set'](tx, context, { postId, familyId, reactionType, reacted: !exists });
      return { change, result: !exists };
    });
    return { reacted, reactionType };
  });
};
