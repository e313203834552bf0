import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authProvidersSchema,
  loginBodySchema,
  messages,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  signupBodySchema,
  userSchema,
} from '../../schema/index.ts';
import { createWithDerivedUsername } from '../auth/free-username.ts';
import type { Passwords } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { updateProfile } from '../actions/update-profile.ts';
import { createRateLimiter, enforceRateLimit, passwordChecks } from '../plugins/rate-limit.ts';
import { isNavigationFromAnotherSite } from '../plugins/request-guard.ts';
import { apiError, errorResponses, noContent } from '../plugins/route-schemas.ts';
import { privateCookie, sessionCookieName, signedIn } from '../plugins/session.ts';
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

/** The signed-in person's own account, email included: theirs to see, and no one else's. */
const signedInSchema = z.object({ user: userSchema });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
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

  // Counted before the body is looked at: a flood of junk costs the same as a flood of valid forms.
  const signupsPerIp = async (request: FastifyRequest) => enforceRateLimit(await perIp.hit(`signup:${request.ip}`));
  const loginsPerIp = async (request: FastifyRequest) => enforceRateLimit(await perIp.hit(`login:${request.ip}`));

  app.post(
    '/api/auth/signup',
    {
      preValidation: signupsPerIp,
      schema: {
        summary: 'Makes an account and signs it in (the session cookie)',
        body: signupBodySchema,
        response: {
          201: signedInSchema,
          ...errorResponses(400, 429),
          409: apiError('The email or the username is taken: `field` says which'),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      enforceRateLimit(await signupsPerEmail.hit(body.email));
      const passwordHash = await passwords.hash(body.password);
      const account = { email: body.email, passwordHash };
      const user = await (
        body.username === undefined
          ? createWithDerivedUsername(users, account)
          : users.create({ ...account, username: body.username })
      ).catch(conflict);
      await reply.signIn(user.id);
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/api/auth/login',
    {
      preValidation: loginsPerIp,
      schema: {
        summary: 'Signs in with an email and password (the session cookie)',
        body: loginBodySchema,
        response: {
          200: signedInSchema,
          ...errorResponses(400, 429),
          401: apiError('Wrong email or password (the same answer for both)'),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
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
    },
  );

  app.get(
    '/api/auth/user',
    {
      // A browser with no session cookie is a visitor: "no one" without an error status, which every public page
      // would log in its console. A cookie that opens no session is still a 401, which ends it (decision 0031).
      preValidation: async (request, reply) => {
        if (request.cookies[sessionCookieName] !== undefined) await app.requireUser(request, reply);
      },
      schema: {
        summary: 'The signed-in person',
        response: {
          200: userSchema,
          204: noContent('No one is signed in: the request had no session cookie'),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => (request.session ? request.session.user : reply.code(204).send()),
  );

  app.patch(
    '/api/auth/user',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Changes the profile; a new email needs the current password',
        body: profileUpdateBodySchema,
        response: {
          200: userSchema,
          ...errorResponses(400, 401, 429),
          409: apiError('The email or the username is taken: `field` says which'),
        },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { currentPassword, ...changes } = request.body;
      if (changes.email !== undefined && changes.email !== user.email) {
        // The email is the way back into an account: a session left open on a shared tablet must not be enough to
        // take it over, and answering "that email is taken" must not become a way to look people up.
        enforceRateLimit(await emailChanges.hit(user.id), serverMessages.tooManyEmailChanges);
        const passwordHash = await users.findPasswordHash(user.id);
        // An account made with Google has no password to ask for: its session is all there is.
        if (passwordHash !== null) {
          enforceRateLimit(await failedPasswordChecks.retryAfter(user.id));
          if (!currentPassword)
            throw new HttpError(400, {
              error: messages.passwordToChangeEmail,
              field: 'currentPassword',
            });
          if (!(await passwords.verify(passwordHash, currentPassword))) {
            await failedPasswordChecks.hit(user.id);
            throw new HttpError(400, {
              error: serverMessages.currentPasswordIncorrect,
              field: 'currentPassword',
            });
          }
        }
      }
      const updated = await sql.begin((tx) => updateProfile(tx, user.id, changes)).catch(conflict);
      if (!updated) throw new HttpError(401, { error: serverMessages.unauthorized });
      publishChanges(notifier, updated.familyChanges, request.log);
      app.accountChanged(user.id, request.log);
      return updated.user;
    },
  );

  app.post(
    '/api/auth/password',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Changes the password; every other session of the person ends',
        body: passwordChangeBodySchema,
        response: {
          204: noContent('Changed'),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const { user, tokenHash } = signedIn(request);
      const { body } = request;
      enforceRateLimit(await failedPasswordChecks.retryAfter(user.id));
      const currentHash = await users.findPasswordHash(user.id);
      if (!(await passwords.verify(currentHash, body.currentPassword))) {
        await failedPasswordChecks.hit(user.id);
        throw new HttpError(400, {
          error: serverMessages.currentPasswordIncorrect,
          field: 'currentPassword',
        });
      }
      await users.replacePassword(user.id, await passwords.hash(body.newPassword), tokenHash);
      // Every other session of theirs ended with it: their live streams end now, on every instance.
      app.accountChanged(user.id, request.log);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/auth/providers',
    {
      schema: {
        summary: 'The ways to sign in this server offers',
        response: { 200: authProvidersSchema },
      },
    },
    // Reset emails link to the configured address, never the request's Host (password-reset-routes.ts).
    async () => ({ google: config.google !== undefined, email: config.mail !== undefined && config.publicUrl !== undefined }),
  );

  // The spec's way out is a navigation to /api/logout; a link or an image on another site must not sign anyone out,
  // so a navigation from elsewhere only lands on the home page. The app itself signs out with a POST.
  app.get(
    '/api/logout',
    {
      schema: {
        summary: 'Signs out, for a navigation',
        response: { 302: noContent('To the home page') },
      },
    },
    async (request, reply) => {
      if (!isNavigationFromAnotherSite(config, request)) await reply.signOut();
      return reply.redirect('/');
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        summary: 'Signs this browser out',
        response: { 204: noContent('Signed out') },
      },
    },
    async (_request, reply) => {
      await reply.signOut();
      return reply.code(204).send();
    },
  );

  /** The spec's "go to /api/login" on a 401 lands on the login screen, which sends the person back afterwards. */
  app.get(
    '/api/login',
    {
      schema: {
        summary: 'The login screen, for a navigation; `returnTo` is where to go once signed in',
        querystring: returnToQuerySchema,
        response: { 302: noContent('To the login screen') },
      },
    },
    async (request, reply) => reply.redirect(loginPagePath({ returnTo: request.query.returnTo })),
  );
};
