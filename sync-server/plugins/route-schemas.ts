import type { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import fastifySwagger from '@fastify/swagger';
import fastJsonStringify, { type Schema as JsonSchema } from 'fast-json-stringify';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../schema/index.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { validationError } from './validation.ts';
import { sessionCookieName } from './session.ts';

/**
 * Route schemas (docs/decisions/0042-route-schemas.md): every route declares its params, query, body and each
 * answer with the shared zod schemas of schema/, in its options, and the API document is generated from them.
 */

/** Each request part through its zod schema: the parsed value replaces the raw one, a bad one gets today's 400. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    if (httpPart === 'body' && (typeof data !== 'object' || data === null || Array.isArray(data))) {
      return { error: new HttpError(400, { error: serverMessages.bodyNotObject }) };
    }
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };

/** The JSON Schema of what an answer's zod schema says goes out. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  // `unrepresentable`: an answer with no body (`noContent`) never reaches the serializer.
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return forWriting(jsonSchema) as JsonSchema;
}

type JsonSchemaNode = { [keyword: string]: unknown };

/**
 * The JSON Schema as fast-json-stringify should read it, saying the same of what is written. zod writes
 * `x.nullable()` as `anyOf: [x, { type: 'null' }]`, which fast-json-stringify decides value by value with a
 * validator: `type: [x's type, 'null']` is written directly. Patterns (an id's, in an `allOf`) only validate, and an
 * `allOf` would be merged over that type, so they are left out.
 */
const namedSchemas = new Set(['properties', 'definitions', '$defs']);
const subschemas = new Set(['items', 'additionalProperties', 'anyOf', 'allOf', 'oneOf', 'not']);

function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (typeof node !== 'object' || node === null) return node;
  const result: JsonSchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'pattern') continue;
    if (namedSchemas.has(keyword)) {
      result[keyword] = Object.fromEntries(
        Object.entries(value as object).map(([name, each]) => [name, forWriting(each)]),
      );
    } else result[keyword] = subschemas.has(keyword) ? forWriting(value) : value;
  }
  if (Array.isArray(result.allOf) && result.allOf.every((branch) => Object.keys(branch).every((k) => k === 'type'))) {
    delete result.allOf;
  }
  const branches = result.anyOf as JsonSchemaNode[] | undefined;
  if (branches?.length !== 2) return result;
  const other = branches.find((branch) => branch.type !== 'null');
  const hasNull = branches.some((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
  if (!hasNull || typeof other?.type !== 'string' || other.anyOf || other.enum) return result;
  const { anyOf: _union, ...rest } = result;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

/**
 * Answers are written by fast-json-stringify from their schema's JSON Schema: only the properties it declares are
 * written, so a field that was never meant to leave (an email, a hash) cannot, and it costs about what
 * `JSON.stringify` does where a zod parse first would cost several times that. Tests check every answer against its
 * zod schema as well (`checkResponses`). Answers sent as text (PostgreSQL's JSON) are not serialized at all.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJsonStringify(responseJsonSchema(schema));

/**
 * Statuses any route may answer without saying so, as the document's description says: a write from another site
 * (request-guard.ts), the framework's and the error handler's for every request.
 */
const answeredByAnyRoute = new Set([403, 413, 415, 500, 503]);

type ResponseSchemas = Record<string, z.ZodType | { content?: Record<string, { schema: z.ZodType }> }>;

/** The zod schema a route declares for this status and content type, or undefined when it declares the status bare. */
function declaredSchema(
  responses: ResponseSchemas,
  statusCode: number,
  contentType: string,
): { declared: boolean; schema?: z.ZodType } {
  const entry = responses[statusCode] ?? responses[`${String(statusCode)[0]}xx`] ?? responses.default;
  if (!entry) return { declared: false };
  if (entry instanceof z.ZodType) return { declared: true, schema: entry };
  const media = contentType.split(';')[0]?.trim() ?? '';
  return { declared: true, schema: entry.content?.[media]?.schema };
}

/**
 * Tests only: every answer of a route with schemas must be one of the statuses it declares, and a JSON answer must be
 * exactly what its schema describes (nothing more), including the JSON PostgreSQL writes, which no serializer sees.
 */
function checkResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const responses = request.routeOptions.schema?.response as ResponseSchemas | undefined;
  if (!responses) return;
  const route = `${request.method} ${request.routeOptions.url}`;
  const contentType = String(reply.getHeader('content-type') ?? '');
  const { declared, schema } = declaredSchema(responses, reply.statusCode, contentType);
  if (!declared && !answeredByAnyRoute.has(reply.statusCode)) {
    throw new Error(`${route} answered ${reply.statusCode}, which its schema does not declare`);
  }
  if (!schema || typeof payload !== 'string' || payload === '' || !contentType.includes('json')) return;
  const body: unknown = JSON.parse(payload);
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${route} answered ${reply.statusCode} with a body its schema refuses: ${result.error.message}`);
  }
  if (!isDeepStrictEqual(result.data, body)) {
    throw new Error(`${route} answered ${reply.statusCode} with fields its schema does not declare: ${payload}`);
  }
}

/**
 * JSON text made elsewhere (by PostgreSQL, or once at start): Fastify sends a string as it is, so the serializer never
 * runs on it (docs/benchmarks.md "the pull taken apart"); its route still declares the document's schema, which tests
 * check it against.
 */
export function sendJsonText(reply: { type(contentType: string): unknown }, text: string): FastifyReply {
  return (reply.type('application/json; charset=utf-8') as FastifyReply).send(text);
}

/** An error answer, described for the API document. */
export function apiError(description: string) {
  return apiErrorSchema.describe(description);
}

const commonErrors = {
  400: 'The request is not valid: `error` says why, `field` and `issues` which fields',
  401: 'Not signed in (or the session ended)',
  403: 'Not allowed',
  404: 'Not found, or not the caller’s to see',
  409: 'In conflict with what is there now',
  422: 'A value the database refuses for good: sending it again will not help',
  429: 'Too many attempts: `Retry-After` says when to try again',
} as const;

/** The usual error answers of a route, by status, with their usual descriptions. */
export function errorResponses<Status extends keyof typeof commonErrors>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, apiError(commonErrors[status])])) as Record<
    Status,
    typeof apiErrorSchema
  >;
}

/**
 * A file answer (a stream, bytes or text) of this media type, for the API document; the serializer never sees it.
 */
export function fileContent(description: string, mediaType: string) {
  const file = z.custom<Readable | Buffer | string | undefined>().meta({ contentMediaType: mediaType });
  return { description, content: { [mediaType]: { schema: file } } };
}

/** An answer with no body (204, 304, a redirect), described for the API document. */
export function noContent(description: string) {
  return z.undefined().describe(description);
}

export type RouteSchemasOptions = {
  /** Tests: check every answer of a route with schemas against them (`checkResponse`). */
  checkResponses: boolean;
};

export const routeSchemasPlugin = fp<RouteSchemasOptions>(
  async (app, { checkResponses }) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    if (checkResponses) {
      app.addHook('onSend', async (request, reply, payload) => {
        try {
          checkResponse(request, reply, payload);
        } catch (error) {
          // Said where the test runs: the 500 it becomes says nothing, and tests log nothing.
          console.error(error);
          throw error;
        }
        return payload;
      });
    }
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Hearth',
          version: '1',
          description:
            'The API of a Hearth server: the sync protocol the app speaks (schema/sync.ts) and the REST routes of ' +
            'product.md. Every error answer is `{ error, field?, issues?, code? }`; any route may also answer 403 ' +
            '(a write from another site), 413 (body too large), 415 (not JSON), 500, and 503 (the database is ' +
            'unreachable: try again).',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: sessionCookieName },
          },
        },
      },
      transform(route) {
        const transformed = jsonSchemaTransform(route);
        const guards = [route.route.onRequest, route.route.preValidation].flat();
        if (!guards.includes(app.requireUser)) return transformed;
        return {
          ...transformed,
          schema: { ...transformed.schema, security: [{ session: [] }] },
        };
      },
      transformObject: jsonSchemaTransformObject,
    });
  },
  { name: 'hearth-route-schemas' },
);
