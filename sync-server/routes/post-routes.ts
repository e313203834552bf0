import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { createPostBodySchema, id, idParamsSchema, reactBodySchema, timestamp } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { lockFamilyOfPost } from '../mutators/access.ts';
import { mutators } from '../mutators/index.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody, parseParams, parseQuery } from '../plugins/validation.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import { createReactionRepository } from '../repositories/reaction-repository.ts';
import type { MutationRunner } from './support/run-mutation.ts';

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

export const postRoutes: FastifyPluginAsync<{ sql: Sql; runMutation: MutationRunner }> = async (
  app,
  { sql, runMutation },
) => {
  const posts = createPostRepository(sql);

  /** The family's posts, newest first, with their authors, reactions and comments. */
  /** `Post[]`, written by PostgreSQL (post-repository.ts `feedJson`): one statement, sent as it comes. */
  app.get('/api/families/:id/posts', { preHandler: app.requireUser }, async (request, reply) => {
    const { id: familyId } = parseParams(idParamsSchema, request);
    const page = parseQuery(feedQuerySchema, request);
    const feed = await posts.feedJson(familyId, signedIn(request).user.id, page);
    if (feed === null) throw new HttpError(404, { error: serverMessages.notFound });
    return reply.type('application/json; charset=utf-8').send(feed);
  });

  app.post('/api/families/:id/posts', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const { id: familyId } = parseParams(idParamsSchema, request);
    const { content, photoIds } = parseBody(createPostBodySchema, request);
    const postId = randomUUID();
    const post = await runMutation(user.id, request.log, async (tx, context) => ({
      change: await mutators['post.create'](tx, context, { postId, familyId, content, photoIds }),
      result: await createPostRepository(tx).find(postId),
    }));
    if (!post) throw new Error(`post ${postId} missing right after it was created`);
    return reply.code(201).send(post);
  });

  /** Toggles the user's reaction: the REST call says "toggle", the mutation it runs says which state to reach. */
  app.post('/api/posts/:id/react', { preHandler: app.requireUser }, async (request) => {
    const { user } = signedIn(request);
    const { id: postId } = parseParams(idParamsSchema, request);
    const { reactionType } = parseBody(reactBodySchema, request);
    const reacted = await runMutation(user.id, request.log, async (tx, context) => {
      // The family is locked before the reaction is read: two quick toggles take turns, so the second undoes the first.
      await lockFamilyOfPost(tx, user.id, postId);
      const exists = await createReactionRepository(tx).exists({ postId, userId: user.id, reactionType });
      const change = await mutators['reaction.set'](tx, context, { postId, reactionType, reacted: !exists });
      return { change, result: !exists };
    });
    return { reacted, reactionType };
  });
};
