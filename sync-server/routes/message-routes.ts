import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMessageBodySchema,
  idParamsSchema,
  messagePageQuerySchema,
  messageWithSenderSchema,
} from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { mutators } from '../mutators/index.ts';
import { errorResponses } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createMessageRepository } from '../repositories/message-repository.ts';
import { sendSeenByMember } from './support/family-access.ts';
import { mutationErrors, type MutationRunner } from './support/run-mutation.ts';

const schemas = {
  page: {
    summary: 'The newest page of the family’s messages, or the page before message number `before`; oldest first',
    params: idParamsSchema,
    querystring: messagePageQuerySchema,
    response: { 200: z.array(messageWithSenderSchema), ...errorResponses(400, 401, 404) },
  },
  send: {
    summary: 'A text message from the caller, numbered next in the family',
    params: idParamsSchema,
    body: createMessageBodySchema,
    response: { 201: messageWithSenderSchema, ...mutationErrors },
  },
};

/**
 * product.md §7's chat routes, on the same mutators as sync. The app itself sends through sync and reads this
 * list only for messages older than the window its device keeps (decision 0021).
 */
export const messageRoutes: FastifyPluginAsyncZod<{ sql: Sql; runMutation: MutationRunner }> = async (
  app,
  { sql, runMutation },
) => {
  const messages = createMessageRepository(sql);

  /** The newest page of the family's messages, or the page before message number `before`; oldest first. */
  app.get(
    '/api/families/:id/messages',
    { preValidation: app.requireUser, schema: schemas.page },
    async (request, reply) => {
      const { id: familyId } = request.params;
      const page = await messages.pageSeenByJson(familyId, signedIn(request).user.id, request.query);
      return sendSeenByMember(reply, page);
    },
  );

  /** A text message from the caller, numbered next in the family. */
  app.post(
    '/api/families/:id/messages',
    { preValidation: app.requireUser, schema: schemas.send },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId } = request.params;
      const { content } = request.body;
      const messageId = randomUUID();
      await runMutation(user.id, request.log, async (tx, context) => ({
        change: await mutators['message.send'](tx, context, { messageId, familyId, messageType: 'text', content }),
        result: null,
      }));
      const sent = await messages.find(messageId, familyId);
      if (!sent) throw new Error(`message ${messageId} missing right after it was sent`);
      return reply.code(201).send(sent);
    },
  );
};
