import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError, serverMessages } from '../http-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that accepts multipart/form-data uploads says `config: { uploads: true }`; no other route does. */
    uploads?: boolean;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function siteOrigin(config: Config, request: FastifyRequest): string {
  return config.publicUrl?.origin ?? originOf(`${request.protocol}://${request.host}`) ?? '';
}

/** Normalized (`http://host:80` and `http://host` are one origin); undefined for anything that is not a URL. */
function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * The session cookie is SameSite=Lax, and this is the second lock: a browser tells us where a request comes from
 * (Sec-Fetch-Site, else Origin), and writes from another site are refused. Clients that send neither (curl,
 * server-to-server) are not browsers riding someone's cookie, so they pass.
 */
export function isCrossSite(config: Config, request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  return origin !== undefined && originOf(origin) !== siteOrigin(config, request);
}

/**
 * For navigations (GET), which carry no Origin: the browser's Sec-Fetch-Site, else the Referer's origin. A typed
 * address or a bookmark (`none`, or no Referer) is the person's own doing.
 */
export function isNavigationFromAnotherSite(config: Config, request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] !== undefined) return isCrossSite(config, request);
  const referer = request.headers.referer;
  return referer !== undefined && originOf(referer) !== siteOrigin(config, request);
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

export const requestGuardPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.addHook('onRequest', async (request) => {
      if (!unsafeMethods.has(request.method)) return;
      if (isCrossSite(config, request)) throw new HttpError(403, { error: serverMessages.crossSite });
      if (isMultipart(request) && request.routeOptions.config.uploads !== true) {
        throw new HttpError(415, { error: serverMessages.unsupportedMediaType });
      }
    });
  },
  { name: 'hearth-request-guard' },
);
