import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * The API document (docs/decisions/0042-route-schemas.md) is valid OpenAPI and lists every API route the app
 * registers, each with its schemas: a route added without them fails here by name.
 */

const context = useTestApp();
const registered = new Map<string, FastifySchema | undefined>();
let app: FastifyInstance;
let document: {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { in: string }[] }>>;
};

/** `/api/families/:id` as OpenAPI writes it: `/api/families/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  // With Google sign-in configured, so that every route the app can have is registered.
  const google = { clientId: 'client-id', clientSecret: 'client-secret' };
  app = await context.buildApp(
    { google },
    {
      onRoute({ method, url, schema }) {
        // Fastify answers HEAD for every GET by itself; only the API is described (not the app's pages and files).
        if (method !== 'HEAD' && url.startsWith('/api/')) registered.set(`${method} ${url}`, schema);
      },
    },
  );
  const response = await app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

describe('the API document', () => {
  it('is valid OpenAPI', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every API route the app registers, and nothing else', () => {
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = [...registered.keys()].map((route) => {
      const [method, url = ''] = route.split(' ');
      return `${method} ${openApiPath(url)}`;
    });
    expect(routes.filter((route) => !listed.includes(route))).toEqual([]);
    expect(listed.filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('has the schemas of every route: each answer, and the path parameters', () => {
    const withoutSchemas = [...registered]
      .filter(([route, schema]) => {
        const responses = Object.keys(schema?.response ?? {});
        const needsParams = route.includes('/:');
        return !responses.some((status) => /^[23]/.test(status)) || (needsParams && !schema?.params);
      })
      .map(([route]) => route);
    expect(withoutSchemas).toEqual([]);
  });
});
