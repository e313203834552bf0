import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyAnswerBodySchema,
  passkeyOptionsSchema,
  passkeySchema,
  passkeySignUpBodySchema,
  userSchema,
} from '../../schema/index.ts';
import { openInvitation } from '../actions/join-family.ts';
import { createWithDerivedUsername } from '../auth/free-username.ts';
import { hashOfToken, newSecretToken } from '../auth/secret-tokens.ts';
import { describeUserAgent } from '../auth/user-agent.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { createRateLimiter, enforceRateLimit } from '../plugins/rate-limit.ts';
import { siteOrigin } from '../plugins/request-guard.ts';
import { apiError, errorResponses, noContent } from '../plugins/route-schemas.ts';
import { privateCookie, signedIn } from '../plugins/session.ts';
import { createInvitationRepository } from '../repositories/invitation-repository.ts';
import { createPasskeyRepository } from '../repositories/passkey-repository.ts';
import { DuplicateUserError, type UserRepository } from '../repositories/user-repository.ts';

export type PasskeyRoutesOptions = { config: Config; sql: Sql; users: UserRepository; now: () => number };

/** The browser signing in is known by this cookie until it answers its challenge. */
export const passkeyChallengeCookieName = 'hearth_passkey_challenge';
const challengePath = '/api/auth/passkeys';
/** Long enough to find the phone and touch it; not long enough for a challenge to be collected and kept. */
const challengeLifetimeMs = 5 * 60_000;

const idParamsSchema = z.strictObject({ id: z.string().min(1).max(1400) });
const refused = (error: string) => new HttpError(400, { error });

/**
 * Passkeys (decision 0051): added from a signed-in session, used to sign in. Every check is the library's
 * (origin, relying party, challenge, signature, user verification), plus the challenge being single use, short-lived
 * and bound to whoever asked, and the signature counter moving forward.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (app, { config, sql, users, now }) => {
  const passkeys = createPasskeyRepository(sql);
  const invitations = createInvitationRepository(sql);
  // Shared with password sign-ups (auth-routes.ts): one count of new accounts per address, however they are made.
  const signupsPerEmail = createRateLimiter(sql, { bucket: 'signups-per-email', limit: 5, windowMs: 15 * 60_000, now });
  const perIp = createRateLimiter(sql, {
    bucket: 'passkeys-per-ip',
    limit: config.authRateLimitPerIp,
    windowMs: 60_000,
    now,
  });
  const limitPerIp = async (request: FastifyRequest) => enforceRateLimit(await perIp.hit(`passkey:${request.ip}`));
  /** The site as the browser signs it: the configured public address, else the address asked for. */
  const relyingParty = (request: FastifyRequest) => {
    const origin = siteOrigin(config, request);
    return { origin, rpID: new URL(origin).hostname };
  };
  const expiry = () => new Date(now() + challengeLifetimeMs);
  /** A challenge for a browser nobody is signed in on: bound to it by a cookie of its own, single use. */
  const challengeThisBrowser = async (
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: 'sign-in' | 'sign-up',
    challenge: string,
    newAccount?: { userId: string; email: string },
  ) => {
    const asker = newSecretToken();
    await passkeys.saveChallenge(hashOfToken(asker), purpose, challenge, expiry(), newAccount);
    reply.setCookie(passkeyChallengeCookieName, asker, {
      ...privateCookie(config, request),
      path: challengePath,
      maxAge: challengeLifetimeMs / 1000,
    });
  };

  app.post(
    '/api/auth/passkeys/options',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Options for adding a passkey to the signed-in account; the challenge is bound to this session',
        response: { 200: passkeyOptionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, tokenHash } = signedIn(request);
      const { rpID } = relyingParty(request);
      const options = await generateRegistrationOptions({
        rpName: 'Hearth',
        rpID,
        userName: user.email,
        userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
        // The account id as WebAuthn's user handle: it names nobody outside this server.
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: (await passkeys.idsOf(user.id)).map(({ id, transports }) => ({
          id,
          transports: transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await passkeys.saveChallenge(tokenHash, 'register', options.challenge, expiry());
      return { ...options };
    },
  );

  app.post(
    '/api/auth/passkeys',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Adds a passkey to the signed-in account, named by the device it was made on',
        body: passkeyAnswerBodySchema,
        response: {
          201: passkeySchema,
          ...errorResponses(401),
          400: apiError('The answer did not match the challenge this session was given, or was not verified'),
        },
      },
    },
    async (request, reply) => {
      const { user, tokenHash } = signedIn(request);
      const taken = await passkeys.takeChallenge(tokenHash, 'register', new Date(now()));
      if (!taken) throw refused(serverMessages.passkeyChallengeGone);
      const credential = await checkedNewCredential(request, taken.challenge);
      if (!(await addCredential(request, user.id, credential))) throw refused(serverMessages.passkeyNotVerified);
      const created = (await passkeys.listOf(user.id)).find((passkey) => passkey.id === credential.id);
      if (!created) throw refused(serverMessages.passkeyNotVerified);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/auth/passkeys',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'The signed-in person’s passkeys, most recently used first',
        response: { 200: z.array(passkeySchema), ...errorResponses(401) },
      },
    },
    async (request) => passkeys.listOf(signedIn(request).user.id),
  );

  app.delete(
    '/api/auth/passkeys/:id',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Removes one of the signed-in person’s passkeys, unless it is their last way in',
        params: idParamsSchema,
        response: {
          204: noContent('Removed'),
          ...errorResponses(400, 401, 404),
          409: apiError('It is the only way this person can sign in'),
        },
      },
    },
    async (request, reply) => {
      const outcome = await passkeys.remove(signedIn(request).user.id, request.params.id);
      if (outcome === 'not-found') throw new HttpError(404, { error: serverMessages.notFound });
      if (outcome === 'last-way-in') throw new HttpError(409, { error: serverMessages.passkeyLastWayIn });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/auth/passkeys/sign-in/options',
    {
      preValidation: limitPerIp,
      schema: {
        summary: 'Options for signing in with a passkey; the challenge is bound to this browser by a cookie',
        response: { 200: passkeyOptionsSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const options = await generateAuthenticationOptions({
        rpID: relyingParty(request).rpID,
        userVerification: 'required',
      });
      await challengeThisBrowser(request, reply, 'sign-in', options.challenge);
      return { ...options };
    },
  );

  app.post(
    '/api/auth/passkeys/sign-in',
    {
      preValidation: limitPerIp,
      schema: {
        summary: 'Signs in with a passkey (the session cookie)',
        body: passkeyAnswerBodySchema,
        response: {
          200: z.object({ user: userSchema }),
          ...errorResponses(400, 429),
          401: apiError('The passkey could not be checked (the same answer for every reason)'),
        },
      },
    },
    async (request, reply) => {
      const userId = await checkSignIn(request, reply);
      if (!userId) throw new HttpError(401, { error: serverMessages.passkeySignInFailed });
      await reply.signIn(userId);
      const found = await users.findById(userId);
      if (!found) throw new HttpError(401, { error: serverMessages.passkeySignInFailed });
      return { user: found };
    },
  );

  /** Whose passkey answered this browser's challenge; null for any failure, said the same way to the browser. */
  async function checkSignIn(
    request: FastifyRequest<{ Body: z.infer<typeof passkeyAnswerBodySchema> }>,
    reply: FastifyReply,
  ): Promise<string | null> {
    const asker = request.cookies[passkeyChallengeCookieName];
    reply.clearCookie(passkeyChallengeCookieName, { path: challengePath });
    if (!asker) return null;
    const taken = await passkeys.takeChallenge(hashOfToken(asker), 'sign-in', new Date(now()));
    if (!taken) return null;
    return checkUse(request, taken.challenge);
  }

  /** Whose passkey gave this answer to `challenge`; null when it is unknown or does not check out. */
  async function checkUse(
    request: FastifyRequest<{ Body: z.infer<typeof passkeyAnswerBodySchema> }>,
    challenge: string,
  ): Promise<string | null> {
    const stored = await passkeys.find(request.body.answer.id);
    if (!stored) return null;
    const { origin, rpID } = relyingParty(request);
    const verification = await verifyAuthenticationResponse({
      response: request.body.answer as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: stored.id,
        publicKey: stored.publicKey,
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) return null;
    // The library refuses a counter that does not move forward; this refuses two uses racing with one count.
    const { newCounter } = verification.authenticationInfo;
    if (!(await passkeys.recordUse(stored.id, stored.counter, newCounter))) return null;
    return stored.userId;
  }
  /** The new credential in a registration answer, once the library has checked it against `challenge`. */
  async function checkedNewCredential(
    request: FastifyRequest<{ Body: z.infer<typeof passkeyAnswerBodySchema> }>,
    challenge: string,
  ) {
    const { origin, rpID } = relyingParty(request);
    const verification = await verifyRegistrationResponse({
      response: request.body.answer as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw refused(serverMessages.passkeyNotVerified);
    return verification.registrationInfo.credential;
  }

  /** Keeps the credential as the person's, named by this device; false when that credential is kept already. */
  async function addCredential(
    request: FastifyRequest,
    userId: string,
    credential: Awaited<ReturnType<typeof checkedNewCredential>>,
  ): Promise<boolean> {
    const device = describeUserAgent(request.headers['user-agent'] ?? null);
    return passkeys
      .add({
        id: credential.id,
        userId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: `${device.browser} on ${device.system}`,
      })
      .then(
        () => true,
        () => false,
      );
  }

  app.post(
    '/api/auth/passkeys/sign-up/options',
    {
      preValidation: limitPerIp,
      schema: {
        summary: 'Options for an invited person making their account with a passkey alone, bound to this browser',
        body: passkeySignUpBodySchema,
        response: {
          200: passkeyOptionsSchema,
          ...errorResponses(400, 404, 429),
          409: apiError('The email has an account already (`field`: email)'),
          410: apiError('The invitation has expired or was turned off'),
        },
      },
    },
    async (request, reply) => {
      const { email, invitationToken } = request.body;
      enforceRateLimit(await signupsPerEmail.hit(email));
      // Only an invitation's sign-up goes without a password (decision 0055): the person is expected by a family.
      openInvitation(await invitations.findByToken(invitationToken), new Date(now()));
      if (await users.findByEmail(email)) throw new HttpError(409, { error: serverMessages.emailTaken, field: 'email' });
      const userId = randomUUID();
      const options = await generateRegistrationOptions({
        rpName: 'Hearth',
        rpID: relyingParty(request).rpID,
        userName: email,
        userDisplayName: email,
        userID: new TextEncoder().encode(userId),
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await challengeThisBrowser(request, reply, 'sign-up', options.challenge, { userId, email });
      return { ...options };
    },
  );

  app.post(
    '/api/auth/passkeys/sign-up',
    {
      preValidation: limitPerIp,
      schema: {
        summary: 'Makes the account of the sign-up challenge with its passkey, and signs it in (the session cookie)',
        body: passkeyAnswerBodySchema,
        response: {
          201: z.object({ user: userSchema }),
          ...errorResponses(429),
          400: apiError('The answer did not match the challenge this browser was given, or was not verified'),
          409: apiError('The email has an account already (`field`: email)'),
        },
      },
    },
    async (request, reply) => {
      const asker = request.cookies[passkeyChallengeCookieName];
      reply.clearCookie(passkeyChallengeCookieName, { path: challengePath });
      const taken = asker ? await passkeys.takeChallenge(hashOfToken(asker), 'sign-up', new Date(now())) : null;
      if (!taken?.newAccount) throw refused(serverMessages.passkeyChallengeGone);
      const credential = await checkedNewCredential(request, taken.challenge);
      if (await passkeys.find(credential.id)) throw refused(serverMessages.passkeyNotVerified);
      const { userId, email } = taken.newAccount;
      const user = await createWithDerivedUsername(users, { id: userId, email, passwordHash: null }).catch(
        (error: unknown) => {
          if (error instanceof DuplicateUserError && error.field === 'email') {
            throw new HttpError(409, { error: serverMessages.emailTaken, field: 'email' });
          }
          throw error;
        },
      );
      // The account exists only with its passkey: without one it would have no way in.
      if (!(await addCredential(request, user.id, credential))) {
        await users.deleteUnfinished(user.id);
        throw refused(serverMessages.passkeyNotVerified);
      }
      await reply.signIn(user.id);
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/api/auth/passkeys/confirm/options',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'Options for confirming who is signed in with one of their own passkeys, bound to this session',
        response: { 200: passkeyOptionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, tokenHash } = signedIn(request);
      const options = await generateAuthenticationOptions({
        rpID: relyingParty(request).rpID,
        userVerification: 'required',
        allowCredentials: (await passkeys.idsOf(user.id)).map(({ id, transports }) => ({
          id,
          transports: transports as AuthenticatorTransport[],
        })),
      });
      await passkeys.saveChallenge(tokenHash, 'confirm', options.challenge, expiry());
      return { ...options };
    },
  );

  app.post(
    '/api/auth/passkeys/confirm',
    {
      preValidation: app.requireUser,
      schema: {
        summary: 'A fresh sign-in with one of the person’s own passkeys: this session is replaced by a new one',
        body: passkeyAnswerBodySchema,
        response: {
          204: noContent('Confirmed: the new session cookie is set'),
          ...errorResponses(401),
          400: apiError('Not one of the person’s passkeys, or the answer did not check out'),
        },
      },
    },
    async (request, reply) => {
      const { user, tokenHash } = signedIn(request);
      const taken = await passkeys.takeChallenge(tokenHash, 'confirm', new Date(now()));
      if (!taken) throw refused(serverMessages.passkeyChallengeGone);
      const owner = await checkUse(request, taken.challenge);
      if (owner !== user.id) throw refused(serverMessages.passkeyNotYours);
      // A new session is a fresh sign-in: what deleting an account without a password asks for (account-routes.ts).
      await reply.signIn(user.id);
      return reply.code(204).send();
    },
  );
};
