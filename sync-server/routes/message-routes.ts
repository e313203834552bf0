import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  createMessageBodySchema,
  idParamsSchema,
  messagePageQuerySchema,
  type MessageWithSender,
} from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { mutators } from '../mutators/index.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody, parseParams, parseQuery } from '../plugins/validation.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createMessageRepository } from '../repositories/message-repository.ts';
import { requireMembership } from './support/family-access.ts';
import type { MutationRunner } from './support/run-mutation.ts';

/**
 * Spec §7's chat routes, on the same mutators as sync (issue 15). The app itself sends through sync and reads this
 * list only for messages older than the window its device keeps (decision 0021).
 */
export const messageRoutes: FastifyPluginAsync<{ sql: Sql; runMutation: MutationRunner }> = async (
  app,
  { sql, runMutation },
) => {
  const families = createFamilyRepository(sql);
  const messages = createMessageRepository(sql);

  /** The newest page of the family's messages, or the page before message number `before`; oldest first. */
  app.get(
    '/api/families/:id/messages',
    { preHandler: app.requireUser },
    async (request): Promise<MessageWithSender[]> => {
      const { id: familyId } = parseParams(idParamsSchema, request);
      const page = parseQuery(messagePageQuerySchema, request);
      await requireMembership(families, familyId, signedIn(request).user.id);
      return messages.pageOf(familyId, page);
    },
  );

  /** A text message from the caller, numbered next in the family. */
  app.post('/api/families/:id/messages', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const { id: familyId } = parseParams(idParamsSchema, request);
    const { content } = parseBody(createMessageBodySchema, request);
    const messageId = randomUUID();
    await runMutation(user.id, request.log, async (tx, context) => ({
      change: await mutators['message.send'](tx, context, { messageId, familyId, messageType: 'text', content }),
      result: null,
    }));
    return reply.code(201).send(await messages.find(messageId));
  });
};
