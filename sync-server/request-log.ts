import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Addresses whose rest is a secret token, a permission by itself: an invitation link's lets whoever reads it join the
 * family (`/join/<token>`, or inside a `returnTo` on the way through sign-in); a calendar address's lets whoever reads
 * it see the family's events (`/api/calendar/<token>.ics`); a reset link's sets the person's password
 * (`/reset-password/<token>`). Known by what the address is once read as a server or a
 * proxy might read it, not by its exact spelling: a token after `..%2f`, encoded twice or spelt in capitals is as
 * secret as any.
 */
const secretPath = /\/(?:join|calendar|reset-password)\//i;

/** The address with every `%XX` undone, again until none is left, and slashes (forward, backward, doubled) one. */
function readAsAServerMight(url: string): string {
  let previous: string;
  let current = url;
  do {
    previous = current;
    current = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  } while (current !== previous);
  return current.replace(/[\\/]+/g, '/');
}

/** The address as it came, or, when it leads to a secret, as far as the secret and `[token]` in place of the rest. */
export function withoutSecretTokens(url: string): string {
  const readable = readAsAServerMight(url);
  const secret = secretPath.exec(readable);
  return secret ? `${readable.slice(0, secret.index + secret[0].length)}[token]` : url;
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

/** An answer slower than this is worth a line at info: someone waited for it. */
export const slowRequestMs = 1000;

/**
 * One line per request once it is answered: at debug for the ordinary ones (a short session makes thousands), at info
 * for a failure or a slow answer, so the default log holds what someone should look at. For an app whose Fastify
 * logs no requests itself (`new LogController({ disableRequestLogging: true })`).
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const responseTime = reply.elapsedTime;
    const notable = reply.statusCode >= 500 || responseTime >= slowRequestMs;
    request.log[notable ? 'info' : 'debug']({ req: request, res: reply, responseTime }, 'request completed');
  });
}
