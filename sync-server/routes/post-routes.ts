import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { createPostBodySchema, idParamsSchema, reactBodySchema, type Post } from '../../schema/index.ts';
import { lockFamilyOfPost } from '../mutators/access.ts';
import { mutators } from '../mutators/index.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody, parseParams } from '../plugins/validation.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import { createReactionRepository } from '../repositories/reaction-repository.ts';
import type { MutationRunner } from './run-mutation.ts';

/** Photos are attached by their own upload flow, not here yet: an unknown field is refused, not ignored. */
const newPostBodySchema = createPostBodySchema.omit({ photoIds: true });

export const postRoutes: FastifyPluginAsync<{ runMutation: MutationRunner }> = async (app, { runMutation }) => {
  app.post('/api/families/:id/posts', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const { id: familyId } = parseParams(idParamsSchema, request);
    const { content } = parseBody(newPostBodySchema, request);
    const postId = randomUUID();
    const post = await runMutation(user.id, request.log, async (tx, context) => ({
      change: await mutators['post.create'](tx, context, { postId, familyId, content }),
      result: await createPostRepository(tx).find(postId),
    }));
    if (!post) throw new Error(`post ${postId} missing right after it was created`);
    const { id, username, firstName, lastName, profileImageUrl } = user;
    // A post this new has no reactions or comments yet.
    const created: Post = {
      ...post,
      author: { id, username, firstName, lastName, profileImageUrl },
      reactions: [],
      comments: [],
    };
    return reply.code(201).send(created);
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
