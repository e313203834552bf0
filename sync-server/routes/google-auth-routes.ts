import fastifyOauth2 from '@fastify/oauth2';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { returnToSchema } from '../../schema/index.ts';
import { findOrCreateGoogleUser, GoogleLinkRefused, googleProfileSchema } from '../auth/google-account.ts';
import { servesHttps, type Config } from '../config.ts';
import { siteOrigin } from '../plugins/request-guard.ts';
import { noContent } from '../plugins/route-schemas.ts';
import type { UserRepository } from '../repositories/user-repository.ts';
import { loginPagePath, returnToQuerySchema } from './support/login-page.ts';

/** Google's own addresses; tests point the flow at a local OpenID provider instead (`config.google.endpoints`). */
const googleEndpoints = {
  authorize: `${fastifyOauth2.GOOGLE_CONFIGURATION.authorizeHost}${fastifyOauth2.GOOGLE_CONFIGURATION.authorizePath}`,
  token: `${fastifyOauth2.GOOGLE_CONFIGURATION.tokenHost}${fastifyOauth2.GOOGLE_CONFIGURATION.tokenPath}`,
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
};
const startPath = '/api/auth/google';
const callbackPath = '/api/auth/google/callback';

/** Google's answer to the start (read by @fastify/oauth2): a code and the state, or an error such as a refusal. */
const callbackSchema = {
  summary: 'Where Google sends the browser back: signs in, or ends on the login screen saying why',
  querystring: z.looseObject({
    code: z.string().optional(),
    state: z.string().optional(),
    error: z.string().optional(),
  }),
  response: { 302: noContent('To the page the sign-in started for, or to the login screen with `error`') },
};

/** Where to go once signed in (`?returnTo=` of the start), kept beside the flow's own state and PKCE cookies. */
const returnToCookieName = 'hearth_google_return_to';

function googleOauth(app: FastifyInstance) {
  const oauth = app.oauth2Google;
  if (!oauth) throw new Error('Google OAuth2 plugin is not registered');
  return oauth;
}

/**
 * Google sign-in (authorization code with PKCE and state). `/api/auth/google?returnTo=/join/…` comes back to that
 * page of this site afterwards (or to the login screen, still holding it, when sign-in fails). Without credentials
 * the button's navigation lands back on the login screen, which says Google sign-in is not set up here.
 */
export const googleAuthRoutes: FastifyPluginAsyncZod<{ config: Config; users: UserRepository }> = async (
  app,
  { config, users },
) => {
  const startSchema = {
    summary: 'Starts Google sign-in, for a navigation; `returnTo` is where to go once signed in',
    querystring: returnToQuerySchema,
    response: {
      302: noContent('To Google; or to the login screen, saying why, when this server has no Google sign-in'),
    },
  };
  const google = config.google;
  if (!google) {
    app.get(startPath, { schema: startSchema }, async (request, reply) =>
      reply.redirect(loginPagePath({ error: 'google_unavailable', returnTo: request.query.returnTo })),
    );
    return;
  }

  const endpoints = google.endpoints ?? googleEndpoints;
  // The flow's cookies (state, PKCE verifier, page to return to) go only to the start and the callback.
  const flowCookie = { path: startPath, secure: servesHttps(config), sameSite: 'lax', httpOnly: true } as const;
  await app.register(fastifyOauth2, {
    name: 'google',
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client: { id: google.clientId, secret: google.clientSecret },
      auth: {
        authorizeHost: new URL(endpoints.authorize).origin,
        authorizePath: new URL(endpoints.authorize).pathname,
        tokenHost: new URL(endpoints.token).origin,
        tokenPath: new URL(endpoints.token).pathname,
      },
    },
    callbackUri: (request) => `${siteOrigin(config, request)}${callbackPath}`,
    pkce: 'S256',
    cookie: flowCookie,
  });

  app.get(startPath, { schema: startSchema }, async (request, reply) => {
    const { returnTo = '/' } = request.query;
    const authorizationUri = await googleOauth(app).generateAuthorizationUri(request, reply);
    // Always written: a sign-in started from the home page must not inherit the page of an earlier, abandoned one.
    reply.setCookie(returnToCookieName, returnTo, flowCookie);
    return reply.redirect(authorizationUri);
  });

  app.get(callbackPath, { schema: callbackSchema }, async (request, reply) => {
    // Checked again on the way back: a cookie holds whatever the browser sends.
    const returnTo = returnToSchema.parse(request.cookies[returnToCookieName]);
    reply.clearCookie(returnToCookieName, flowCookie);
    try {
      const { token } = await googleOauth(app).getAccessTokenFromAuthorizationCodeFlow(request, reply);
      const response = await fetch(endpoints.userinfo, {
        headers: { authorization: `Bearer ${token.access_token}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Google userinfo answered ${response.status}`);
      const profile = googleProfileSchema.parse(await response.json());
      const user = await findOrCreateGoogleUser(users, profile);
      await reply.signIn(user.id);
      return reply.redirect(returnTo);
    } catch (error) {
      // Refused consent, a replayed callback, a forged state, an unverified email: all end on the login screen with
      // a message; an email whose account unlinked Google says so.
      request.log.warn({ err: error }, 'Google sign-in failed');
      const reason = error instanceof GoogleLinkRefused ? 'google_not_linked' : 'google_failed';
      return reply.redirect(loginPagePath({ error: reason, returnTo }));
    }
  });
};
