import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { databaseUnavailableHeaders, HttpError, serverMessages } from '../http-errors.ts';
import { isBadDataError, isKnownTransientError } from '../repositories/postgres-errors.ts';
import { validationError } from './validation.ts';

const fastifyErrors: Record<string, { statusCode: number; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, error: serverMessages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, error: serverMessages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, error: serverMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, error: serverMessages.invalidJson },
};

const clientErrorMessages: Record<number, string> = {
  404: serverMessages.notFound,
  413: serverMessages.bodyTooLarge,
  415: serverMessages.unsupportedMediaType,
  429: serverMessages.tooManyAttempts,
};

/**
 * The one place an error becomes an answer. People get a sentence; stacks, SQL and database messages stay in the
 * log, never in a response.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
      const known = error instanceof ZodError ? validationError(error) : error;
      if (known instanceof HttpError) {
        return reply.code(known.statusCode).headers(known.headers).send(known.body);
      }
      if (isKnownTransientError(known)) {
        // The database is unreachable or busy (a session lookup, a device claim, any query of any route): worth
        // trying again shortly, and not a bug. Only a device syncing keeps what it sent; a form does not.
        request.log.warn({ err: known }, 'database unavailable');
        const syncing = request.url.startsWith('/api/sync/');
        return reply
          .code(503)
          .headers(databaseUnavailableHeaders)
          .send({ error: syncing ? serverMessages.syncUnavailable : serverMessages.unavailable });
      }
      if (isBadDataError(known)) {
        // Whatever slipped past the schemas, a value the database cannot store is the request's fault, not a crash.
        request.log.warn({ err: known }, 'the database refused a value of the request');
        return reply.code(400).send({ error: serverMessages.badRequest });
      }
      const mapped = fastifyErrors[known.code];
      if (mapped) return reply.code(mapped.statusCode).send({ error: mapped.error });
      const statusCode = known.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500) {
        return reply.code(statusCode).send({ error: clientErrorMessages[statusCode] ?? serverMessages.badRequest });
      }
      request.log.error({ err: known }, 'unexpected error');
      return reply.code(500).send({ error: serverMessages.unexpected });
    });
  },
  { name: 'hearth-error-handler' },
);
