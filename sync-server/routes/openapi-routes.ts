import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../plugins/route-schemas.ts';

/** Enough of an OpenAPI document to describe it; the server test checks the whole against the specification. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** The API document, generated from the routes' schemas (docs/decisions/0042-route-schemas.md). */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  let document: string | undefined;
  app.get(
    '/api/openapi.json',
    {
      schema: {
        summary: 'This document',
        response: { 200: openApiDocumentSchema },
      },
    },
    async (_request, reply) => {
      // Made once, at the first request: every route is registered by then.
      document ??= JSON.stringify(app.swagger());
      return sendJsonText(reply, document);
    },
  );
};
