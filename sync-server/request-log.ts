import type { FastifyRequest } from 'fastify';

/**
 * An invitation link's token lets whoever reads it join the family, and the join page's address carries it:
 * `/join/<token>`, or encoded inside a `returnTo` on the way through sign-in.
 */
const invitationTokenInUrl = /((?:\/|%2F)join(?:\/|%2F))[A-Za-z0-9_-]+/gi;

export function withoutInvitationTokens(url: string): string {
  return url.replace(invitationTokenInUrl, '$1[token]');
}

/** Fastify's own request serializer, except that the logged address never carries an invitation token. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: withoutInvitationTokens(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket.remotePort,
    };
  },
};
