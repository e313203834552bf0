import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeletionBodySchema,
  passwordSetBodySchema,
  signedInDeviceSchema,
  signInMethodsSchema,
} from '../../schema/index.ts';
import { deleteAccount } from '../actions/delete-account.ts';
import type { Passwords } from '../auth/passwords.ts';
import { describeUserAgent } from '../auth/user-agent.ts';
import { exportKey } from '../exports/data-exports.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { createRateLimiter, enforceRateLimit, passwordChecks } from '../plugins/rate-limit.ts';
import { apiError, errorResponses, noContent } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import type { SessionRepository } from '../repositories/session-repository.ts';
import type { UserRepository } from '../repositories/user-repository.ts';
import { publishChanges, type SyncNotifier } from '../sync-notifier.ts';

export type AccountRoutesOptions = {
  sql: Sql;
  /** Whether this server offers Google sign-in at all. */
  googleAvailable: boolean;
  sessions: SessionRepository;
  photoStorage: PhotoStorage;
  users: UserRepository;
  passwords: Passwords;
  notifier: SyncNotifier;
  now: () => number;
};

const sessionParamsSchema = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

/** A Google-only account confirms a deletion by having signed in this recently. */
const freshSignInSeconds = 10 * 60;

/** One's signed-in devices and ways to sign in, and deleting one's account (decision 0026). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { sql, googleAvailable, sessions, photoStorage, users, passwords, notifier, now },
) => {
  /** A session's id on the list: derived from its stored hash, so the list shows nothing that is kept. */
  const sessionId = (tokenHash: Buffer) => createHash('sha256').update(tokenHash).digest('base64url').slice(0, 22);

  app.get(
    '/api/auth/sessions',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'The browsers the person is signed in on, most recently seen first',
        response: { 200: z.array(signedInDeviceSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, tokenHash } = signedIn(request);
      return (await sessions.listOf(user.id)).map((session) => ({
        id: sessionId(session.token_hash),
        ...describeUserAgent(session.user_agent),
        signedInAt: session.created_at.toISOString(),
        lastSeenAt: session.last_seen_at.toISOString(),
        current: session.token_hash.equals(tokenHash),
      }));
    },
  );

  /** Signs one browser out (this one too, if asked); its copy of the family leaves it at its next request. */
  app.delete(
    '/api/auth/sessions/:id',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Signs one browser out',
        params: sessionParamsSchema,
        response: { 204: noContent('Signed out'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { user, tokenHash } = signedIn(request);
      const session = (await sessions.listOf(user.id)).find((each) => sessionId(each.token_hash) === id);
      if (!session) throw new HttpError(404, { error: serverMessages.notFound });
      // Signing out says the account changed itself.
      if (session.token_hash.equals(tokenHash)) await reply.signOut();
      else {
        await sessions.end(user.id, { only: session.token_hash });
        app.accountChanged(user.id, request.log);
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/auth/sessions/sign-out-others',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Signs out every browser but this one; answers how many',
        response: { 200: z.object({ ended: z.number().int() }), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, tokenHash } = signedIn(request);
      const ended = await sessions.end(user.id, { allBut: tokenHash });
      app.accountChanged(user.id, request.log);
      return { ended };
    },
  );

  const failedPasswordChecks = createRateLimiter(sql, { ...passwordChecks, now });

  app.get(
    '/api/auth/sign-in-methods',
    {
      preValidation: app.requireUser,
      schema: { summary: 'How the person can sign in', response: { 200: signInMethodsSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const methods = await users.signInMethods(signedIn(request).user.id);
      return { password: methods.password, google: methods.google, googleAvailable, passkeys: methods.passkeys };
    },
  );

  /**
   * An account made with Google or a passkey gets a password of its own, so it can sign in without them (or unlink
   * Google).
   */
  app.post(
    '/api/auth/password/set',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Gives an account made with Google or a passkey a password of its own',
        body: passwordSetBodySchema,
        response: {
          204: noContent('Set'),
          ...errorResponses(400, 401),
          409: apiError('The account has a password already'),
        },
      },
    },
    async (request, reply) => {
      const { newPassword } = request.body;
      if (!(await users.setFirstPassword(signedIn(request).user.id, await passwords.hash(newPassword)))) {
        throw new HttpError(409, { error: serverMessages.passwordAlreadySet });
      }
      return reply.code(204).send();
    },
  );

  /** Google no longer signs this account in (nor links it again by its email); it needs a password to be left with. */
  app.post(
    '/api/auth/google/unlink',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Google no longer signs this account in',
        response: {
          204: noContent('Unlinked'),
          ...errorResponses(401),
          409: apiError('The account has no password to sign in with instead'),
        },
      },
    },
    async (request, reply) => {
      if (!(await users.unlinkGoogle(signedIn(request).user.id))) {
        throw new HttpError(409, { error: serverMessages.passwordBeforeUnlink });
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/auth/delete-account',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Deletes the account and everything it wrote that no family keeps (decision 0026)',
        body: accountDeletionBodySchema,
        response: {
          204: noContent('Deleted, and signed out'),
          ...errorResponses(400, 401, 429),
          403: apiError(
            'Without a password, a sign-in of the last ten minutes is needed: `sign_in_again` (Google) or `confirm_with_passkey`',
          ),
          409: apiError('`hand_over_first`: the person is the only admin of a family'),
        },
      },
    },
    async (request, reply) => {
      const { user, tokenHash } = signedIn(request);
      const { currentPassword } = request.body;
      enforceRateLimit(await failedPasswordChecks.retryAfter(user.id));
      const passwordHash = await users.findPasswordHash(user.id);
      if (passwordHash !== null) {
        if (!currentPassword)
          throw new HttpError(400, { error: serverMessages.passwordToDelete, field: 'currentPassword' });
        if (!(await passwords.verify(passwordHash, currentPassword))) {
          await failedPasswordChecks.hit(user.id);
          throw new HttpError(400, { error: serverMessages.currentPasswordIncorrect, field: 'currentPassword' });
        }
      } else {
        if (!(await sessions.beganWithin(tokenHash, freshSignInSeconds))) {
          // With the way in the person has: Google, else their passkey (decision 0055).
          if ((await users.signInMethods(user.id)).google) {
            throw new HttpError(403, { error: serverMessages.signInAgainToDelete, code: 'sign_in_again' });
          }
          throw new HttpError(403, { error: serverMessages.passkeyAgainToDelete, code: 'confirm_with_passkey' });
        }
      }

      const outcome = await sql.begin((tx) => deleteAccount(tx, user.id));
      if (!outcome.deleted) {
        const names = outcome.handOverFirst.map((family) => family.name).join(', ');
        throw new HttpError(409, { error: serverMessages.handOverBeforeDeleting(names), code: 'hand_over_first' });
      }
      publishChanges(notifier, outcome.familyChanges, request.log);
      for (const exportId of outcome.exportIds) {
        await photoStorage
          .delete(exportKey(exportId))
          .catch((error: unknown) => request.log.warn({ err: error }, 'archive left'));
      }
      // Their other devices' live channels end now; each wipes its copy at its next request (a 401).
      app.accountChanged(user.id, request.log);
      await reply.signOut();
      return reply.code(204).send();
    },
  );
};
