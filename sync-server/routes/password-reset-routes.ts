import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdResetLinkSchema,
  id,
  passwordResetBodySchema,
  passwordResetEmailBodySchema,
  resetLinkLifetimes,
  userSchema,
} from '../../schema/index.ts';
import type { Passwords } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { apiError, errorResponses, noContent } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createAccountLinkRepository } from '../repositories/account-link-repository.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createUserRepository, type UserRepository } from '../repositories/user-repository.ts';

export type PasswordResetRoutesOptions = {
  config: Config;
  sql: Sql;
  users: UserRepository;
  passwords: Passwords;
  /** Present when email is configured and the site's address known: only then is a link emailed. */
  mailer: Mailer | undefined;
  now: () => number;
};

const hour = 60 * 60_000;
const memberParamsSchema = z.strictObject({ id, memberId: id });

/** The email a person gets; says what to do if they did not ask, since anyone may type their address. */
function resetEmail(to: string, link: string) {
  const minutes = resetLinkLifetimes.emailedMinutes;
  const text = [
    'Someone asked to reset the password of your Hearth account. If it was you, open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once, within ${minutes} minutes. Choosing a new password signs you out everywhere else.`,
    "If you didn't ask, you can ignore this email: your password stays as it is.",
  ].join('\n');
  const html = `<p>Someone asked to reset the password of your Hearth account. If it was you, open this link to choose a new one:</p>
<p><a href="${link}">Choose a new password</a></p>
<p>The link works once, within ${minutes} minutes. Choosing a new password signs you out everywhere else.</p>
<p>If you didn't ask, you can ignore this email: your password stays as it is.</p>`;
  return { to, subject: 'Reset your Hearth password', text, html };
}

/**
 * A way back in (decision 0044): a one-time link by email where the server can send one, else one a family admin
 * makes for a relative from the Family Tree. Using either sets the password, ends every session of the person and
 * signs this browser in.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (
  app,
  { config, sql, users, passwords, mailer, now },
) => {
  const links = createAccountLinkRepository(sql);
  const families = createFamilyRepository(sql);
  // A person asks for one or two; more is someone else filling their inbox.
  const emailsPerAddress = createRateLimiter(sql, { bucket: 'reset-emails-per-address', limit: 3, windowMs: hour, now });
  // One home asks for a handful; a script trying many addresses is stopped.
  const emailsPerClient = createRateLimiter(sql, { bucket: 'reset-emails-per-ip', limit: 10, windowMs: hour, now });
  const linksMadeByAdmin = createRateLimiter(sql, { bucket: 'reset-links-made', limit: 20, windowMs: hour, now });
  const usesPerClient = createRateLimiter(sql, {
    bucket: 'reset-uses-per-ip',
    limit: config.authRateLimitPerIp,
    windowMs: 60_000,
    now,
  });

  app.post(
    '/api/auth/password-reset/email',
    {
      preValidation: async (request) => enforceRateLimit(await emailsPerClient.hit(request.ip)),
      schema: {
        summary: 'Emails a one-time reset link; the same answer whether or not the address has an account',
        body: passwordResetEmailBodySchema,
        response: {
          204: noContent('Sent, if the address has an account'),
          ...errorResponses(400, 429),
          409: apiError('This server sends no email: a family admin makes reset links instead'),
        },
      },
    },
    async (request, reply) => {
      if (!mailer || !config.publicUrl) throw new HttpError(409, { error: serverMessages.noEmailHere });
      const { email } = request.body;
      enforceRateLimit(await emailsPerAddress.hit(email));
      const found = await users.findByEmail(email);
      if (found) {
        const expiresAt = new Date(now() + resetLinkLifetimes.emailedMinutes * 60_000);
        const token = await links.create({ purpose: 'password-reset', userId: found.user.id, expiresAt });
        // The address is the configured one, never the request's Host: a forged Host must not get the link mailed
        // to someone pointing at another site. Sent after answering, so the answer takes as long either way.
        const link = new URL(`/reset-password/${token}`, config.publicUrl).href;
        mailer.send(resetEmail(found.user.email, link)).catch((error: unknown) => {
          request.log.error({ err: error }, 'the password reset email could not be sent');
        });
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      preValidation: async (request) => enforceRateLimit(await usesPerClient.hit(request.ip)),
      schema: {
        summary: 'Sets a new password with a one-time link; ends every session of the person and signs this one in',
        body: passwordResetBodySchema,
        response: {
          200: z.object({ user: userSchema }),
          ...errorResponses(400, 429),
          410: apiError('The link is unknown, expired or used'),
        },
      },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      const passwordHash = await passwords.hash(newPassword);
      // The link is used up, the person's other links dropped, the password set and every session ended together.
      const user = await sql.begin(async (tx) => {
        const accountLinks = createAccountLinkRepository(tx);
        const owner = await accountLinks.use(token, 'password-reset', new Date(now()));
        if (!owner) return null;
        await accountLinks.deleteAllOf(owner, 'password-reset');
        return createUserRepository(tx).resetPassword(owner, passwordHash);
      });
      if (!user) throw new HttpError(410, { error: serverMessages.resetLinkClosed });
      // Their live streams end now, on every instance.
      app.accountChanged(user.id, request.log);
      await reply.signIn(user.id);
      return { user };
    },
  );

  app.post(
    '/api/families/:id/members/:memberId/reset-link',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'An admin makes a one-time password reset link for a member of their family',
        params: memberParamsSchema,
        response: {
          201: createdResetLinkSchema,
          ...errorResponses(400, 401, 404, 429),
          403: apiError('Only a family admin makes reset links'),
        },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId, memberId } = request.params;
      const role = await families.roleOf(familyId, user.id);
      // A family the person is not in reads like one that does not exist.
      if (role === null) throw new HttpError(404, { error: serverMessages.notFound });
      if (role !== 'admin') throw new HttpError(403, { error: serverMessages.resetLinkAdminOnly });
      const member = await families.findMember(memberId, familyId);
      if (!member) throw new HttpError(404, { error: serverMessages.notFound });
      enforceRateLimit(await linksMadeByAdmin.hit(user.id), serverMessages.tooManyResetLinks);
      const expiresAt = new Date(now() + resetLinkLifetimes.madeByAdminHours * hour);
      const token = await links.create({ purpose: 'password-reset', userId: member.userId, madeBy: user.id, expiresAt });
      return reply.code(201).send({ token, expiresAt: expiresAt.toISOString() });
    },
  );
};
