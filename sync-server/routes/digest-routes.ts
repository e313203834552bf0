import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sql } from '../database.ts';
import { errorResponses, fileContent } from '../plugins/route-schemas.ts';
import { unsubscribeFromDigest, unsubscribeTokenState, type UnsubscribeOutcome } from '../mail/email-digest.ts';

const tokenQuerySchema = z.strictObject({ token: z.string().max(100) });

/** The pages say what happened in words, for a person who followed a link from an email. */
const pageAnswers = {
  200: fileContent('A page saying what happened (or asking once, for a link opened from an email)', 'text/html'),
  404: fileContent('A page: the link is not one Hearth made', 'text/html'),
  410: fileContent('A page: the link was used already', 'text/html'),
  ...errorResponses(400),
};

const schemas = {
  styles: {
    summary: 'The look of the unsubscribe pages',
    response: { 200: fileContent('The style sheet', 'text/css') },
  },
  ask: {
    summary: 'The link in each digest email: a page asking once whether to stop the emails',
    querystring: tokenQuerySchema,
    response: pageAnswers,
  },
  unsubscribe: {
    summary: 'Stops the digest emails: the page’s button, or a mail app’s one-click Unsubscribe (RFC 8058)',
    description:
      'A mail app posts `List-Unsubscribe=One-Click` as `application/x-www-form-urlencoded`; it is not read.',
    querystring: tokenQuerySchema,
    response: pageAnswers,
  },
};

/** The page's look: same origin, as the site's content security policy wants (no inline styles). */
const pageStyles = `
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #faf6f1; color: #2d2433;
  font: 18px/1.6 system-ui, sans-serif; }
main { max-width: 28rem; margin: 1.5rem; padding: 2rem; background: #fff; border-radius: 1.25rem;
  box-shadow: 0 8px 30px rgb(45 36 51 / 8%); }
h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
p { margin: 0 0 1.25rem; color: #5b5063; }
main > :last-child { margin-block-end: 0; }
button, a.button { display: inline-block; min-height: 3rem; padding: 0.75rem 1.5rem; border: 0; border-radius: 999px;
  background: #7c4ddb; color: #fff; font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
@media (prefers-color-scheme: dark) {
  body { background: #1d1822; color: #f3edf7; }
  main { background: #2a2330; box-shadow: none; }
  p { color: #cfc4d6; }
}
`;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${title} · Hearth</title><link rel="stylesheet" href="/api/digest/page.css"></head>` +
        `<body><main><h1>${title}</h1>${body}</main></body></html>`,
    );
}

function outcomePage(reply: FastifyReply, outcome: { status: number; title: string; text: string }) {
  return page(reply, outcome.status, outcome.title, `<p>${outcome.text}</p><a class="button" href="/">Open Hearth</a>`);
}

const outcomes: Record<UnsubscribeOutcome, { status: number; title: string; text: string }> = {
  unsubscribed: {
    status: 200,
    title: 'No more digest emails',
    text: "Hearth won't email you the digest any more. You can turn it back on in Settings whenever you like.",
  },
  used: {
    status: 410,
    title: 'This link was already used',
    text: 'The digest it came with was turned off then. To change your emails, open Settings in Hearth.',
  },
  unknown: {
    status: 404,
    title: "This link doesn't work",
    text: 'It may have been copied only in part, or be very old. To change your emails, open Settings in Hearth.',
  },
};

/**
 * The email digest's way out (decision 0025), without signing in: the link in each email opens a page asking once
 * (mail scanners open links by themselves, and must not unsubscribe anyone); mail apps' own Unsubscribe button posts
 * to the same address (RFC 8058 one-click), from their servers, with a form body this route alone accepts.
 */
export const digestRoutes: FastifyPluginAsyncZod<{ sql: Sql }> = async (app, { sql }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_, body, done) => done(null, body),
  );

  app.get('/api/digest/page.css', { schema: schemas.styles }, async (_, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(pageStyles),
  );

  app.get('/api/digest/unsubscribe', { schema: schemas.ask }, async (request, reply) => {
    const { token } = request.query;
    const state = await unsubscribeTokenState(sql, token);
    if (state !== 'usable') return outcomePage(reply, outcomes[state]);
    return page(
      reply,
      200,
      'Stop the digest emails?',
      `<p>Hearth will stop sending you the email of what's new in your family. Everything stays in the app.</p>` +
        `<form method="post" action="/api/digest/unsubscribe?token=${encodeURIComponent(token)}">` +
        `<button type="submit">Stop the emails</button></form>`,
    );
  });

  app.post('/api/digest/unsubscribe', { schema: schemas.unsubscribe }, async (request, reply) =>
    outcomePage(reply, outcomes[await unsubscribeFromDigest(sql, request.query.token)]),
  );
};
