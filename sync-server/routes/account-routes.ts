import type { FastifyPluginAsync } from 'fastify';
import { accountDeletionBodySchema } from '../../schema/index.ts';
import { deleteAccount } from '../actions/delete-account.ts';
import type { Passwords } from '../auth/passwords.ts';
import { exportKey } from '../exports/data-exports.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody } from '../plugins/validation.ts';
import type { UserRepository } from '../repositories/user-repository.ts';
import { publishChanges, type SyncNotifier } from '../sync-notifier.ts';

export type AccountRoutesOptions = {
  sql: Sql;
  photoStorage: PhotoStorage;
  users: UserRepository;
  passwords: Passwords;
  notifier: SyncNotifier;
  now: () => number;
};

/** A Google-only account confirms a deletion by having signed in this recently. */
const freshSignInSeconds = 10 * 60;

/** Deleting one's account (issue 17, decision 0026). */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { sql, photoStorage, users, passwords, notifier, now },
) => {
  const failedPasswordChecks = createRateLimiter(app, { limit: 5, windowMs: 15 * 60_000, now });

  app.post('/api/auth/delete-account', { preHandler: app.requireUser }, async (request, reply) => {
    const { user, tokenHash } = signedIn(request);
    const { currentPassword } = parseBody(accountDeletionBodySchema, request);
    enforceRateLimit(failedPasswordChecks.retryAfter(user.id));
    const passwordHash = await users.findPasswordHash(user.id);
    if (passwordHash !== null) {
      if (!currentPassword)
        throw new HttpError(400, { error: serverMessages.passwordToDelete, field: 'currentPassword' });
      if (!(await passwords.verify(passwordHash, currentPassword))) {
        failedPasswordChecks.hit(user.id);
        throw new HttpError(400, { error: serverMessages.currentPasswordIncorrect, field: 'currentPassword' });
      }
    } else {
      const [session] = await sql<{ fresh: boolean }[]>`
        select created_at > now() - make_interval(secs => ${freshSignInSeconds}) as fresh
        from sessions where token_hash = ${tokenHash}
      `;
      if (!session?.fresh)
        throw new HttpError(403, { error: serverMessages.signInAgainToDelete, code: 'sign_in_again' });
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
    notifier
      .publishSessionsEnded(user.id)
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not publish that sessions ended'));
    await reply.signOut();
    return reply.code(204).send();
  });
};
