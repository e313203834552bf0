import type { FastifyPluginAsync } from 'fastify';
import {
  loginBodySchema,
  messages,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  signupBodySchema,
  type AuthProviders,
} from '../../schema/index.ts';
import type { Passwords } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { updateProfile } from '../actions/update-profile.ts';
import { createRateLimiter, enforceRateLimit, passwordChecks } from '../plugins/rate-limit.ts';
import { isNavigationFromAnotherSite } from '../plugins/request-guard.ts';
import { privateCookie, signedIn } from '../plugins/session.ts';
import { parseBody, parseQuery } from '../plugins/validation.ts';
import { createSignInDeviceRepository } from '../repositories/sign-in-device-repository.ts';
import { DuplicateUserError, type UserRepository } from '../repositories/user-repository.ts';
import { publishChanges, type SyncNotifier } from '../sync-notifier.ts';
import { loginPagePath, returnToQuerySchema } from './support/login-page.ts';

export type AuthRoutesOptions = {
  config: Config;
  users: UserRepository;
  passwords: Passwords;
  now: () => number;
  sql: Sql;
  notifier: SyncNotifier;
};

const fifteenMinutes = 15 * 60 * 1000;

/** The cookie that marks a browser its person signed in from before; read only by the login route. */
export const knownDeviceCookieName = 'hearth_known_device';
const knownDeviceLifetimeSeconds = 365 * 24 * 60 * 60;

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
  const perIp = createRateLimiter(sql, {
    bucket: 'auth-per-ip',
    limit: config.authRateLimitPerIp,
    windowMs: 60_000,
    now,
  });
  const failedLogins = createRateLimiter(sql, { bucket: 'failed-logins', ...attemptsPerAccount, now });
  const signupsPerEmail = createRateLimiter(sql, { bucket: 'signups-per-email', ...attemptsPerAccount, now });
  const failedPasswordChecks = createRateLimiter(sql, { ...passwordChecks, now });
  const emailChanges = createRateLimiter(sql, { bucket: 'email-changes', limit: 5, windowMs: 60 * 60_000, now });
  const signInDevices = createSignInDeviceRepository(sql);

  app.post('/api/auth/signup', async (request, reply) => {
    enforceRateLimit(await perIp.hit(`signup:${request.ip}`));
    const body = parseBody(signupBodySchema, request);
    enforceRateLimit(await signupsPerEmail.hit(body.email));
    const passwordHash = await passwords.hash(body.password);
    const user = await users.create({ username: body.username, email: body.email, passwordHash }).catch(conflict);
    await reply.signIn(user.id);
    return reply.code(201).send({ user });
  });

  app.post('/api/auth/login', async (request, reply) => {
    enforceRateLimit(await perIp.hit(`login:${request.ip}`));
    const body = parseBody(loginBodySchema, request);
    const found = await users.findByEmail(body.email);
    // Wrong passwords are counted per account, so guessing one person's password is slow from anywhere. A browser
    // the person signed in from before has a count of its own: strangers' failures never lock them out of it.
    const deviceToken = request.cookies[knownDeviceCookieName];
    const known = found ? await signInDevices.isKnown(deviceToken, found.user.id) : false;
    const attemptsKey = known ? `device:${deviceToken}` : body.email;
    enforceRateLimit(await failedLogins.retryAfter(attemptsKey));
    // Verified even when no account matched, so an unknown email costs the same time as a wrong password.
    const passwordMatches = await passwords.verify(found?.passwordHash, body.password);
    if (!found || !passwordMatches) {
      await failedLogins.hit(attemptsKey);
      throw new HttpError(401, { error: serverMessages.invalidCredentials });
    }
    await failedLogins.reset(attemptsKey);
    if (!known) {
      reply.setCookie(knownDeviceCookieName, await signInDevices.remember(found.user.id), {
        ...privateCookie(config, request),
        path: '/api/auth/login',
        maxAge: knownDeviceLifetimeSeconds,
      });
    }
    await reply.signIn(found.user.id);
    return { user: found.user };
  });

  app.get('/api/auth/user', { preHandler: app.requireUser }, async (request) => signedIn(request).user);

  app.patch('/api/auth/user', { preHandler: app.requireUser }, async (request) => {
    const { user } = signedIn(request);
    const { currentPassword, ...changes } = parseBody(profileUpdateBodySchema, request);
    if (changes.email !== undefined && changes.email !== user.email) {
      // The email is the way back into an account: a session left open on a shared tablet must not be enough to
      // take it over, and answering "that email is taken" must not become a way to look people up.
      enforceRateLimit(await emailChanges.hit(user.id), serverMessages.tooManyEmailChanges);
      const passwordHash = await users.findPasswordHash(user.id);
      // An account made with Google has no password to ask for: its session is all there is.
      if (passwordHash !== null) {
        enforceRateLimit(await failedPasswordChecks.retryAfter(user.id));
        if (!currentPassword)
          throw new HttpError(400, { error: messages.passwordToChangeEmail, field: 'currentPassword' });
        if (!(await passwords.verify(passwordHash, currentPassword))) {
          await failedPasswordChecks.hit(user.id);
          throw new HttpError(400, { error: serverMessages.currentPasswordIncorrect, field: 'currentPassword' });
        }
      }
    }
    const updated = await sql.begin((tx) => updateProfile(tx, user.id, changes)).catch(conflict);
    if (!updated) throw new HttpError(401, { error: serverMessages.unauthorized });
    publishChanges(notifier, updated.familyChanges, request.log);
    app.accountChanged(user.id, request.log);
    return updated.user;
  });

  app.post('/api/auth/password', { preHandler: app.requireUser }, async (request, reply) => {
    const { user, tokenHash } = signedIn(request);
    const body = parseBody(passwordChangeBodySchema, request);
    enforceRateLimit(await failedPasswordChecks.retryAfter(user.id));
    const currentHash = await users.findPasswordHash(user.id);
    if (!(await passwords.verify(currentHash, body.currentPassword))) {
      await failedPasswordChecks.hit(user.id);
      throw new HttpError(400, { error: serverMessages.currentPasswordIncorrect, field: 'currentPassword' });
    }
    await users.replacePassword(user.id, await passwords.hash(body.newPassword), tokenHash);
    // Every other session of theirs ended with it: their live streams end now, on every instance.
    app.accountChanged(user.id, request.log);
    return reply.code(204).send();
  });

  app.get('/api/auth/providers', async (): Promise<AuthProviders> => ({ google: config.google !== undefined }));

  // The spec's way out is a navigation to /api/logout; a link or an image on another site must not sign anyone out,
  // so a navigation from elsewhere only lands on the home page. The app itself signs out with a POST.
  app.get('/api/logout', async (request, reply) => {
    if (!isNavigationFromAnotherSite(config, request)) await reply.signOut();
    return reply.redirect('/');
  });

  app.post('/api/logout', async (_request, reply) => {
    await reply.signOut();
    return reply.code(204).send();
  });

  /** The spec's "go to /api/login" on a 401 lands on the login screen, which sends the person back afterwards. */
  app.get('/api/login', async (request, reply) => {
    const { returnTo } = parseQuery(returnToQuerySchema, request);
    return reply.redirect(loginPagePath({ returnTo }));
  });
};
