import fastifyOauth2 from '@fastify/oauth2';
import type { FastifyPluginAsync } from 'fastify';
import { findOrCreateGoogleUser, googleProfileSchema } from '../auth/google-account.ts';
import { servesHttps, type Config } from '../config.ts';
import { siteOrigin } from '../plugins/request-guard.ts';
import type { UserRepository } from '../repositories/user-repository.ts';

const userinfoEndpoint = 'https://openidconnect.googleapis.com/v1/userinfo';
const callbackPath = '/api/auth/google/callback';

/**
 * Google sign-in (authorization code with PKCE and state). Without credentials the button's navigation lands back
 * on the login screen, which says Google sign-in is not set up here.
 */
export const googleAuthRoutes: FastifyPluginAsync<{ config: Config; users: UserRepository }> = async (
  app,
  { config, users },
) => {
  const google = config.google;
  if (!google) {
    app.get('/api/auth/google', async (_request, reply) => reply.redirect('/login?error=google_unavailable'));
    return;
  }

  await app.register(fastifyOauth2, {
    name: 'google',
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client: { id: google.clientId, secret: google.clientSecret },
      auth: fastifyOauth2.GOOGLE_CONFIGURATION,
    },
    startRedirectPath: '/api/auth/google',
    callbackUri: (request) => `${siteOrigin(config, request)}${callbackPath}`,
    pkce: 'S256',
    cookie: { path: '/api/auth/google', secure: servesHttps(config), sameSite: 'lax', httpOnly: true },
  });

  app.get(callbackPath, async (request, reply) => {
    try {
      const oauth = app.oauth2Google;
      if (!oauth) throw new Error('Google OAuth2 plugin is not registered');
      const { token } = await oauth.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      const response = await fetch(userinfoEndpoint, {
        headers: { authorization: `Bearer ${token.access_token}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Google userinfo answered ${response.status}`);
      const profile = googleProfileSchema.parse(await response.json());
      const user = await findOrCreateGoogleUser(users, profile);
      await reply.signIn(user.id);
      return reply.redirect('/');
    } catch (error) {
      // Refused consent, a replayed callback, an unverified email: all end on the login screen with a message.
      request.log.warn({ err: error }, 'Google sign-in failed');
      return reply.redirect('/login?error=google_failed');
    }
  });
};
