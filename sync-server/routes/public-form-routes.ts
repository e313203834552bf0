import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  contactMessageBodySchema,
  earlyAccessBodySchema,
  newsletterBodySchema,
  suggestionBodySchema,
} from '../../schema/index.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { serverMessages } from '../http-errors.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { parseBody } from '../plugins/validation.ts';
import type { PublicFormRepository } from '../repositories/public-form-repository.ts';

export type PublicFormRoutesOptions = {
  config: Config;
  sql: Sql;
  forms: PublicFormRepository;
  now: () => number;
};

const tenMinutes = 10 * 60 * 1000;

/**
 * The public site's forms (product.md "Public forms"): no session, stored before the answer so nothing is lost.
 * Anyone can post them, so one budget per address covers all four, counted before the body is read: a flood of
 * junk costs the same as a flood of valid forms. The request guard still refuses them from other sites.
 */
export const publicFormRoutes: FastifyPluginAsync<PublicFormRoutesOptions> = async (
  app,
  { config, sql, forms, now },
) => {
  const perIp = createRateLimiter(sql, {
    bucket: 'public-forms-per-ip',
    limit: config.publicFormRateLimitPerIp,
    windowMs: tenMinutes,
    now,
  });

  async function limited(request: FastifyRequest): Promise<void> {
    enforceRateLimit(await perIp.hit(request.ip), serverMessages.tooManyForms);
  }

  function stored(reply: FastifyReply): FastifyReply {
    return reply.code(201).send({});
  }

  app.post('/api/public/early-access', async (request, reply) => {
    await limited(request);
    await forms.addEarlyAccess(parseBody(earlyAccessBodySchema, request).email);
    return stored(reply);
  });

  app.post('/api/public/newsletter', async (request, reply) => {
    await limited(request);
    await forms.addNewsletter(parseBody(newsletterBodySchema, request).email);
    return stored(reply);
  });

  app.post('/api/public/suggestions', async (request, reply) => {
    await limited(request);
    await forms.addSuggestion(parseBody(suggestionBodySchema, request));
    return stored(reply);
  });

  app.post('/api/contact', async (request, reply) => {
    await limited(request);
    await forms.addContactMessage(parseBody(contactMessageBodySchema, request));
    return stored(reply);
  });
};
