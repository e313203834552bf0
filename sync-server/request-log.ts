import type { FastifyRequest } from 'fastify';

/**
 * Tokens that are a permission by themselves, carried in addresses: an invitation link's lets whoever reads it join
 * the family (`/join/<token>`, or encoded inside a `returnTo` on the way through sign-in); a calendar address's lets
 * whoever reads it see the family's events (`/api/calendar/<token>.ics`).
 */
const secretTokenInUrl = /((?:\/|%2F)(?:join|api(?:\/|%2F)calendar)(?:\/|%2F))[A-Za-z0-9_-]+/gi;

export function withoutSecretTokens(url: string): string {
  return url.replace(secretTokenInUrl, '$1[token]');
}

/** Fastify's own request serializer, except that the logged address never carries a secret token. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: withoutSecretTokens(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket.remotePort,
    };
  },
};
