import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../schema/index.ts';
import { servesHttps, type Config } from '../config.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import type { SessionPolicy, SessionRepository } from '../repositories/session-repository.ts';
import { hashOfToken, newSecretToken } from '../auth/secret-tokens.ts';
import type { SyncNotifier } from '../sync-notifier.ts';
import { createSessionCache } from './session-cache.ts';

export const sessionCookieName = 'hearth_session';

export const sessionPolicy: SessionPolicy = {
  lifetimeSeconds: 30 * 24 * 60 * 60,
  touchIntervalSeconds: 5 * 60,
};

/** How long a session found live is trusted without reading it again: a tenth of the touch interval. */
const sessionCacheTtlMs = 30_000;
/** About 3 MB of people at most; past it the oldest entry goes. */
const sessionCacheMaxEntries = 10_000;

/** 32 random bytes in base64url: 43 characters, nothing else is ever a token. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export type CurrentSession = { user: User; tokenHash: Buffer };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on the routes that need a signed-in person. */
    session: CurrentSession | null;
  }
  interface FastifyInstance {
    /** preHandler: answers 401 `{"error":"Unauthorized"}` unless the request carries a live session. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyReply {
    /** Starts a new session for the user with a fresh token; any session this browser had ends. */
    signIn(userId: string): Promise<void>;
    /** Ends this browser's session, if any, and removes the cookie. */
    signOut(): Promise<void>;
  }
  interface FastifyInstance {
    /**
     * Call after ending any of a person's sessions or changing what their `User` holds: every instance forgets the
     * sessions it trusted for them and their live streams check theirs at once.
     */
    accountChanged(userId: string, log: FastifyBaseLogger): void;
  }
}

/** The signed-in session of a route guarded by `requireUser`. */
export function signedIn(request: FastifyRequest): CurrentSession {
  if (!request.session) throw new HttpError(401, { error: serverMessages.unauthorized });
  return request.session;
}

/** A cookie scripts cannot read, not sent on other sites' requests, and only over https wherever people use https. */
export function privateCookie(config: Config, request: FastifyRequest): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: servesHttps(config) || request.protocol === 'https' };
}

export const sessionPlugin = fp<{
  config: Config;
  sessions: SessionRepository;
  notifier: SyncNotifier;
}>(
  async (app, { config, sessions, notifier }) => {
    const trusted = createSessionCache({ ttlMs: sessionCacheTtlMs, maxEntries: sessionCacheMaxEntries });
    const stopForgetting = [
      notifier.onAccountChanged((userId) => trusted.forgetPerson(userId)),
      notifier.onChangesMissed(() => trusted.forgetEveryone()),
    ];
    app.addHook('onClose', async () => stopForgetting.forEach((stop) => stop()));

    app.decorate('accountChanged', (userId: string, log: FastifyBaseLogger) => {
      // Here at once, so this instance's next request already reads the database; everywhere else by the notifier.
      trusted.forgetPerson(userId);
      notifier
        .publishAccountChanged(userId)
        .catch((error: unknown) => log.warn({ err: error }, 'could not publish that an account changed'));
    });
    const endedSessionOf = (userId: string | null, log: FastifyBaseLogger) => {
      if (userId) app.accountChanged(userId, log);
    };
    function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
      return { ...privateCookie(config, request), path: '/', maxAge: sessionPolicy.lifetimeSeconds };
    }

    function presentedTokenHash(request: FastifyRequest): Buffer | null {
      const token = request.cookies[sessionCookieName];
      return token && tokenPattern.test(token) ? hashOfToken(token) : null;
    }

    function clearCookie(reply: FastifyReply): void {
      reply.clearCookie(sessionCookieName, cookieOptions(reply.request));
    }

    app.decorateRequest('session', null);

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const tokenHash = presentedTokenHash(request);
      const trustedUser = tokenHash ? trusted.find(tokenHash) : null;
      if (tokenHash && trustedUser) {
        request.session = { user: trustedUser, tokenHash };
        return;
      }
      const readAt = trusted.generation;
      const found = tokenHash ? await sessions.find(tokenHash) : null;
      if (!tokenHash || !found || found.expired) {
        if (tokenHash && found?.expired) await sessions.delete(tokenHash);
        if (request.cookies[sessionCookieName] !== undefined) clearCookie(reply);
        throw new HttpError(401, { error: serverMessages.unauthorized });
      }
      if (found.stale) {
        // Sliding expiry: someone who opens the app now and then is never signed out behind their back.
        await sessions.touch(tokenHash);
        const token = request.cookies[sessionCookieName];
        if (token) reply.setCookie(sessionCookieName, token, cookieOptions(request));
      }
      trusted.keep(tokenHash, found.user, readAt);
      request.session = { user: found.user, tokenHash };
    });

    app.decorateReply('signIn', async function (this: FastifyReply, userId: string) {
      const previous = presentedTokenHash(this.request);
      if (previous) endedSessionOf(await sessions.delete(previous), this.log);
      // Sign-ins are rare enough to carry the housekeeping: sessions nobody came back to are removed here.
      await sessions.deleteExpired();
      const token = newSecretToken();
      const tokenHash = hashOfToken(token);
      const userAgent = this.request.headers['user-agent']?.slice(0, 512) ?? null;
      await sessions.create({ tokenHash, userId, userAgent });
      this.setCookie(sessionCookieName, token, cookieOptions(this.request));
    });

    app.decorateReply('signOut', async function (this: FastifyReply) {
      const tokenHash = presentedTokenHash(this.request);
      if (tokenHash) endedSessionOf(await sessions.delete(tokenHash), this.log);
      clearCookie(this);
    });
  },
  { name: 'hearth-session', dependencies: ['@fastify/cookie'] },
);
