import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPostBodySchema, idParamsSchema, publicUserSchema } from '../../schema/index.ts';
import { errorHandlerPlugin } from './error-handler.ts';
import { errorResponses, routeSchemasPlugin, sendJsonText } from './route-schemas.ts';

const familyId = '0b0c8a54-2f55-4d59-9f6c-4a8d1f0e6a11';
const someone = {
  id: familyId,
  username: 'margaret',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
};

/** A few routes with schemas in their options, answering what each test asks them to. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/families/:id/posts',
    {
      schema: {
        params: idParamsSchema,
        querystring: z.strictObject({
          draft: z.enum(['yes', 'no']).optional(),
        }),
        body: createPostBodySchema,
        response: {
          200: z.object({
            params: idParamsSchema,
            query: z.object({}).loose(),
            body: z.unknown(),
          }),
        },
      },
    },
    async (request) => ({
      params: request.params,
      query: request.query,
      body: request.body,
    }),
  );
  // Answers a person with their email, which the schema does not declare.
  app.get(
    '/person',
    { schema: { response: { 200: publicUserSchema, ...errorResponses(404) } } },
    async () =>
      ({
        ...someone,
        email: 'margaret@example.test',
        passwordHash: 'secret',
      }) as typeof someone,
  );
  app.get('/person-as-text', { schema: { response: { 200: publicUserSchema } } }, async (_request, reply) =>
    sendJsonText(reply, JSON.stringify({ ...someone, email: 'margaret@example.test' })),
  );
  app.get('/thrown', { schema: { response: { 200: z.object({ name: z.string() }) } } }, async () =>
    z.object({ name: z.string() }).parse({}),
  );
  app.get('/teapot', { schema: { response: { 200: z.object({}) } } }, async (_request, reply) =>
    (reply as FastifyReply).code(418).send({}),
  );
};

async function appWith(checkResponses: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(routeSchemasPlugin, { checkResponses });
  await app.register(routes);
  return app;
}

let app: FastifyInstance;
let checking: FastifyInstance;

beforeAll(async () => {
  app = await appWith(false);
  checking = await appWith(true);
});

afterAll(async () => {
  await app.close();
  await checking.close();
});

describe('route schemas', () => {
  it('hand the handler the parsed values, with the shared rules applied', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/families/${familyId}/posts?draft=no`,
      payload: { content: '  Hello family  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      params: { id: familyId },
      query: { draft: 'no' },
      body: { content: 'Hello family' },
    });
  });

  it('name the path parameter that is wrong, in the API’s 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/families/42/posts',
      payload: { content: 'Hi' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Must be a valid id',
      field: 'id',
      issues: [{ field: 'id', message: 'Must be a valid id' }],
    });
  });

  it('name an unknown query parameter', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/families/${familyId}/posts?sort=new`,
      payload: { content: 'Hi' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Unknown field',
      field: 'sort',
    });
  });

  it('name nested fields with a dotted path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/families/${familyId}/posts`,
      payload: { content: 'Hi', photoIds: ['not-a-uuid'] },
    });
    expect(response.json()).toMatchObject({
      error: 'Must be a valid id',
      field: 'photoIds.0',
    });
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"Hello"'],
    ['null', 'null'],
  ])('answer a body that is %s with "must be a JSON object"', async (_kind, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: `/families/${familyId}/posts`,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The request body must be a JSON object',
    });
  });

  it('answer a missing body with "must be a JSON object"', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/families/${familyId}/posts`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The request body must be a JSON object',
    });
  });

  it('write only the fields an answer’s schema declares', async () => {
    const response = await app.inject({ url: '/person' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(someone);
  });
});

describe('a zod error thrown anywhere', () => {
  it('becomes the same 400', async () => {
    const response = await app.inject({ url: '/thrown' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'name' });
  });
});

describe('the answers’ check in tests', () => {
  it('refuses JSON text holding a field its schema does not declare', async () => {
    // The serializer never sees text: in production it goes as it is, which is why tests look at it.
    expect((await app.inject({ url: '/person-as-text' })).json()).toHaveProperty('email');
    const response = await checking.inject({ url: '/person-as-text' });
    expect(response.statusCode).toBe(500);
  });

  it('refuses a status the route does not declare', async () => {
    expect((await app.inject({ url: '/teapot' })).statusCode).toBe(418);
    expect((await checking.inject({ url: '/teapot' })).statusCode).toBe(500);
  });

  it('lets a declared answer through', async () => {
    const response = await checking.inject({ url: '/person' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(someone);
  });
});
