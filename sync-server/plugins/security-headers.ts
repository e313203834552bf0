import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { servesHttps, type Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of every answer, for the few replies written by hand (the live channel). */
    securityHeaders(request: FastifyRequest): Record<string, string>;
  }
}

const inlineScriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The built app's index.html applies the saved theme with an inline script before first paint. Rather than allow
 * every inline script, the policy allows exactly those, by their sha256.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(inlineScriptPattern)) {
    if (/\bsrc\s*=/i.test(attributes) || text.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Nothing from another origin: no CDN, no analytics, no fonts service. A family's feed talks only to its server. */
function contentSecurityPolicy(scriptHashes: string[], https: boolean): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self'",
    "img-src 'self' data: blob:",
    // A voice note just recorded plays from its bytes on the device before it is sent (decision 0058).
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** `pages` are the HTML pages of the build (the shell and the prerendered pages): none when there is no build. */
export const securityHeadersPlugin = fp<{ config: Config; pages: string[] }>(
  async (app, { config, pages }) => {
    const https = servesHttps(config);
    // Pages normally share one theme script, so one hash; a page with other inline scripts adds theirs.
    const policy = contentSecurityPolicy([...new Set(pages.flatMap(inlineScriptHashes))], https);
    const headers = {
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      // The microphone for Hearth's own pages alone: voice notes (decision 0058); nothing embedded may ask.
      'permissions-policy': 'camera=(), microphone=(self), geolocation=(), payment=(), usb=()',
    };

    function securityHeaders(request: FastifyRequest): Record<string, string> {
      const overHttps = https || request.protocol === 'https';
      return overHttps ? { ...headers, 'strict-transport-security': 'max-age=31536000' } : headers;
    }
    app.decorate('securityHeaders', securityHeaders);

    app.addHook('onSend', async (request, reply) => {
      reply.headers(securityHeaders(request));
      reply.removeHeader('x-powered-by');
      // API answers are one person's data: a shared family tablet's HTTP cache must not keep them.
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'hearth-security-headers' },
);
