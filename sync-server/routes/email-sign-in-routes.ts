import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailSignInAskedSchema,
  emailSignInBodySchema,
  emailSignInUseBodySchema,
  signInLinkMinutes,
  userSchema,
} from '../../schema/index.ts';
import { hashOfToken, newSecretToken } from '../auth/secret-tokens.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { apiError, errorResponses } from '../plugins/route-schemas.ts';
import { privateCookie } from '../plugins/session.ts';
import { createAccountLinkRepository } from '../repositories/account-link-repository.ts';
import type { UserRepository } from '../repositories/user-repository.ts';

export type EmailSignInRoutesOptions = {
  config: Config;
  sql: Sql;
  users: UserRepository;
  /** Present when email is configured: only then is a link emailed. */
  mailer: Mailer | undefined;
  now: () => number;
};

/** The browser that asked for a link is known by this cookie when it opens the link. */
export const signInLinkCookieName = 'hearth_sign_in_link';
const cookiePath = '/api/auth/email-sign-in';
const hour = 60 * 60_000;
const lifetimeMs = signInLinkMinutes * 60_000;

/** Six digits, for a person to read on one screen and type on another. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function signInEmail(to: string, link: string) {
  const text = [
    'Someone asked to sign in to your Hearth account. If it was you, open this link on the device you asked on:',
    '',
    link,
    '',
    `The link works once, within ${signInLinkMinutes} minutes. Opened on another device, it asks for the code shown where you asked.`,
    "If you didn't ask, you can ignore this email: nobody can sign in with it but you.",
  ].join('\n');
  const html = `<p>Someone asked to sign in to your Hearth account. If it was you, open this link on the device you asked on:</p>
<p><a href="${link}">Sign in to Hearth</a></p>
<p>The link works once, within ${signInLinkMinutes} minutes. Opened on another device, it asks for the code shown where you asked.</p>
<p>If you didn't ask, you can ignore this email: nobody can sign in with it but you.</p>`;
  return { to, subject: 'Sign in to Hearth', text, html };
}

/**
 * A sign-in link by email (decision 0055): one use, 15 minutes, only hashes kept, and bound to the browser that asked
 * (a cookie of its own). Another browser opens it only with the six-digit code the asking page shows; one wrong code
 * uses the link up.
 */
export const emailSignInRoutes: FastifyPluginAsyncZod<EmailSignInRoutesOptions> = async (
  app,
  { config, sql, users, mailer, now },
) => {
  const links = createAccountLinkRepository(sql);
  // The same limits as reset emails (decision 0044): a person asks for one or two; more is someone else.
  const emailsPerAddress = createRateLimiter(sql, { bucket: 'sign-in-emails-per-address', limit: 3, windowMs: hour, now });
  const emailsPerClient = createRateLimiter(sql, { bucket: 'sign-in-emails-per-ip', limit: 10, windowMs: hour, now });
  const usesPerClient = createRateLimiter(sql, {
    bucket: 'sign-in-links-per-ip',
    limit: config.authRateLimitPerIp,
    windowMs: 60_000,
    now,
  });

  app.post(
    '/api/auth/email-sign-in',
    {
      preValidation: async (request) => enforceRateLimit(await emailsPerClient.hit(request.ip)),
      schema: {
        summary: 'Emails a one-time sign-in link; the same answer whether or not the address has an account',
        body: emailSignInBodySchema,
        response: {
          200: emailSignInAskedSchema,
          ...errorResponses(400, 429),
          409: apiError('This server sends no email'),
        },
      },
    },
    async (request, reply) => {
      if (!mailer || !config.publicUrl) throw new HttpError(409, { error: serverMessages.noEmailSignInHere });
      const { email } = request.body;
      enforceRateLimit(await emailsPerAddress.hit(email));
      // A code and a cookie either way: the answer says nothing of whether the address has an account.
      const asker = newSecretToken();
      const code = newCode();
      const expiresAt = new Date(now() + lifetimeMs);
      const found = await users.findByEmail(email);
      if (found) {
        const token = await links.create({
          purpose: 'sign-in',
          userId: found.user.id,
          expiresAt,
          askerHash: hashOfToken(asker),
          codeHash: hashOfToken(code),
        });
        // The configured address, never the request's Host (decision 0044); sent after answering, so the answer
        // takes as long either way. The token rides in the fragment: no server log or Referer ever holds it.
        const link = new URL(`/login#sign-in-link=${token}`, config.publicUrl).href;
        mailer.send(signInEmail(found.user.email, link)).catch((error: unknown) => {
          request.log.error({ err: error }, 'the sign-in email could not be sent');
        });
      }
      reply.setCookie(signInLinkCookieName, asker, {
        ...privateCookie(config, request),
        path: cookiePath,
        maxAge: lifetimeMs / 1000,
      });
      return { code, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/auth/email-sign-in/use',
    {
      preValidation: async (request) => enforceRateLimit(await usesPerClient.hit(request.ip)),
      schema: {
        summary: 'Signs in with an emailed link: in the browser that asked for it, or another giving its code',
        body: emailSignInUseBodySchema,
        response: {
          200: z.object({ user: userSchema }),
          ...errorResponses(400, 429),
          403: apiError('`code_needed`: opened in another browser; the code shown where it was asked for is needed'),
          410: apiError('The link is unknown, expired or used, or a wrong code used it up'),
        },
      },
    },
    async (request, reply) => {
      const { token, code } = request.body;
      const asker = request.cookies[signInLinkCookieName];
      const use = await links.useSignInLink(token, asker ? hashOfToken(asker) : null, code ?? null, new Date(now()));
      if (use.outcome === 'needs-code') {
        throw new HttpError(403, { error: serverMessages.signInLinkNeedsCode, code: 'code_needed' });
      }
      if (use.outcome === 'wrong-code') throw new HttpError(410, { error: serverMessages.signInLinkWrongCode });
      if (use.outcome === 'closed') throw new HttpError(410, { error: serverMessages.signInLinkClosed });
      reply.clearCookie(signInLinkCookieName, { path: cookiePath });
      await links.deleteAllOf(use.userId, 'sign-in');
      await reply.signIn(use.userId);
      const user = await users.findById(use.userId);
      if (!user) throw new HttpError(410, { error: serverMessages.signInLinkClosed });
      return { user };
    },
  );
};
