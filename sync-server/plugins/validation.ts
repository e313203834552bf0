import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldIssues } from '../../schema/index.ts';
import { HttpError, serverMessages } from '../http-errors.ts';

/**
 * Every route reads its input through these, with the shared schema/ rules, so a bad request always gets the same
 * 400: the first message, the field it is about, and every field's message for forms that show them all.
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, request: FastifyRequest): z.output<Schema> {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, { error: serverMessages.bodyNotObject });
  }
  return parse(schema, body);
}

export function parseParams<Schema extends z.ZodType>(schema: Schema, request: FastifyRequest): z.output<Schema> {
  return parse(schema, request.params);
}

export function parseQuery<Schema extends z.ZodType>(schema: Schema, request: FastifyRequest): z.output<Schema> {
  return parse(schema, request.query);
}

function parse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error);
}

export function validationError(error: z.ZodError): HttpError {
  const issues = fieldIssues(error);
  const first = issues[0] ?? { field: '', message: serverMessages.badRequest };
  return new HttpError(400, { error: first.message, ...(first.field ? { field: first.field } : {}), issues });
}
