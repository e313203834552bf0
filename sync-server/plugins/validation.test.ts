import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPostBodySchema, idParamsSchema } from '../../schema/index.ts';
import { errorHandlerPlugin } from './error-handler.ts';
import { parseBody, parseParams, parseQuery } from './validation.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(errorHandlerPlugin);
  app.post('/families/:id/posts', async (request) => ({
    params: parseParams(idParamsSchema, request),
    query: parseQuery(z.strictObject({ draft: z.enum(['yes', 'no']).optional() }), request),
    body: parseBody(createPostBodySchema, request),
  }));
  app.get('/thrown', async () => z.object({ name: z.string() }).parse({}));
});

afterAll(() => app.close());

const familyId = '0b0c8a54-2f55-4d59-9f6c-4a8d1f0e6a11';

describe('parseBody, parseParams, parseQuery', () => {
  it('answer the parsed values, with the shared rules applied', async () => {
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

  it('name the path parameter that is wrong', async () => {
    const response = await app.inject({ method: 'POST', url: '/families/42/posts', payload: { content: 'Hi' } });
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
    expect(response.json()).toMatchObject({ error: 'Unknown field', field: 'sort' });
  });

  it('name nested fields with a dotted path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/families/${familyId}/posts`,
      payload: { content: 'Hi', photoIds: ['not-a-uuid'] },
    });
    expect(response.json()).toMatchObject({ error: 'Must be a valid id', field: 'photoIds.0' });
  });

  it('turn a zod error thrown anywhere into the same 400', async () => {
    const response = await app.inject({ url: '/thrown' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'name' });
  });
});
