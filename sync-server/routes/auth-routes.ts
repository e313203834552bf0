import type { FastifyPluginAsync } from 'fastify';
import {
  loginBodySchema,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  signupBodySchema,
  type AuthProviders,
} from '../../schema/index.ts';
import type { Passwords } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { updateProfile } from '../mutators/update-profile.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody, parseQuery } from '../plugins/validation.ts';
import { DuplicateUserError, type UserRepository } from '../repositories/user-repository.ts';
import { publishChanges, type SyncNotifier } from '../sync-notifier.ts';
import { loginPagePath, returnToQuerySchema } from './login-page.ts';

export type AuthRoutesOptions = {
  config: Config;
  users: UserRepository;
  passwords: Passwords;
  now: () => number;
  sql: Sql;
  notifier: SyncNotifier;
};

const fifteenMinutes = 15 * 60 * 1000;

/** Guessing one person's password is slowed down wherever it is tried from; the window always ends. */
const attemptsPerAccount = { limit: 5, windowMs: fifteenMinutes };

function conflict(error: unknown): never {
  if (error instanceof DuplicateUserError) {
    const message = error.field === 'email' ? serverMessages.emailTaken : serverMessages.usernameTaken;
    throw new HttpError(409, { error: message, field: error.field });
  }
  throw error;
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { config, users, passwords, now, sql, notifier },
) => {
  const perIp = createRateLimiter(app, { limit: config.authRateLimitPerIp, windowMs: 60_000, now });
  const failedLogins = createRateLimiter(app, { ...attemptsPerAccount, now });
  const signupsPerEmail = createRateLimiter(app, { ...attemptsPerAccount, now });
  const failedPasswordChecks = createRateLimiter(app, { ...attemptsPerAccount, now });

  app.post('/api/auth/signup', async (request, reply) => {
    enforceRateLimit(perIp.hit(`signup:${request.ip}`));
    const body = parseBody(signupBodySchema, request);
    enforceRateLimit(signupsPerEmail.hit(body.email));
    const passwordHash = await passwords.hash(body.password);
    const user = await users.create({ username: body.username, email: body.email, passwordHash }).catch(conflict);
    await reply.signIn(user.id);
    return reply.code(201).send({ user });
  });

  app.post('/api/auth/login', async (request, reply) => {
    enforceRateLimit(perIp.hit(`login:${request.ip}`));
    const body = parseBody(loginBodySchema, request);
    enforceRateLimit(failedLogins.retryAfter(body.email));
    const found = await users.findByEmail(body.email);
    // Verified even when no account matched, so an unknown email costs the same time as a wrong password.
    const passwordMatches = await passwords.verify(found?.passwordHash, body.password);
    if (!found || !passwordMatches) {
      failedLogins.hit(body.email);
      throw new HttpError(401, { error: serverMessages.invalidCredentials });
    }
    failedLogins.reset(body.email);
    await reply.signIn(found.user.id);
    return { user: found.user };
  });

  app.get('/api/auth/user', { preHandler: app.requireUser }, async (request) => signedIn(request).user);

  app.patch('/api/auth/user', { preHandler: app.requireUser }, async (request) => {
    const { user } = signedIn(request);
    const changes = parseBody(profileUpdateBodySchema, request);
    const updated = await sql.begin((tx) => updateProfile(tx, user.id, changes)).catch(conflict);
    if (!updated) throw new HttpError(401, { error: serverMessages.unauthorized });
    publishChanges(notifier, updated.familyChanges, request.log);
    return updated.user;
  });

  app.post('/api/auth/password', { preHandler: app.requireUser }, async (request, reply) => {
    const { user, tokenHash } = signedIn(request);
    const body = parseBody(passwordChangeBodySchema, request);
    enforceRateLimit(failedPasswordChecks.retryAfter(user.id));
    const currentHash = await users.findPasswordHash(user.id);
    if (!(await passwords.verify(currentHash, body.currentPassword))) {
      failedPasswordChecks.hit(user.id);
      throw new HttpError(400, { error: serverMessages.currentPasswordIncorrect, field: 'currentPassword' });
    }
    await users.replacePassword(user.id, await passwords.hash(body.newPassword), tokenHash);
    return reply.code(204).send();
  });

  app.get('/api/auth/providers', async (): Promise<AuthProviders> => ({ google: config.google !== undefined }));

  app.get('/api/logout', async (_request, reply) => {
    await reply.signOut();
    return reply.redirect('/');
  });

  /** The spec's "go to /api/login" on a 401 lands on the login screen, which sends the person back afterwards. */
  app.get('/api/login', async (request, reply) => {
    const { returnTo } = parseQuery(returnToQuerySchema, request);
    return reply.redirect(loginPagePath({ returnTo }));
  });
};
