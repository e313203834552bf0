import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactAddressesSchema,
  contactMessageBodySchema,
  earlyAccessBodySchema,
  newsletterBodySchema,
  suggestionBodySchema,
} from '../../schema/index.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { serverMessages } from '../http-errors.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { errorResponses } from '../plugins/route-schemas.ts';
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
export const publicFormRoutes: FastifyPluginAsyncZod<PublicFormRoutesOptions> = async (
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

  /** Counted in preValidation, before the body is looked at; stored before the answer (201, `{}`). */
  const formOf = <Body extends z.ZodType>(summary: string, body: Body) => ({
    preValidation: limited,
    schema: {
      summary,
      body,
      response: { 201: z.strictObject({}).describe('Stored'), ...errorResponses(400, 429) },
    },
  });

  app.post(
    '/api/public/early-access',
    formOf('Stay Updated: early access', earlyAccessBodySchema),
    async (request, reply) => {
      await forms.addEarlyAccess(request.body.email);
      return reply.code(201).send({});
    },
  );

  app.post('/api/public/newsletter', formOf('The newsletter', newsletterBodySchema), async (request, reply) => {
    await forms.addNewsletter(request.body.email);
    return reply.code(201).send({});
  });

  app.post('/api/public/suggestions', formOf('The Suggestion Box', suggestionBodySchema), async (request, reply) => {
    await forms.addSuggestion(request.body);
    return reply.code(201).send({});
  });

  app.post('/api/contact', formOf('The contact form', contactMessageBodySchema), async (request, reply) => {
    await forms.addContactMessage(request.body);
    return reply.code(201).send({});
  });

  app.get(
    '/api/public/contact-addresses',
    {
      schema: { summary: 'The addresses the contact and legal pages list', response: { 200: contactAddressesSchema } },
    },
    async () => config.contactAddresses,
  );
};
