import { OAuth2Server } from 'oauth2-mock-server';

export type GoogleUserinfo = { sub: string; email: string; email_verified: boolean; given_name?: string };

/**
 * A local OpenID provider (oauth2-mock-server) standing in for Google: its /authorize approves at once and redirects
 * back with a code, its /token checks the PKCE verifier against the challenge (once: a code is good for one
 * exchange), and its /userinfo says whoever the test chose.
 */
export async function startTestOpenIdProvider() {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const origin = provider.issuer.url ?? '';
  let person: GoogleUserinfo | null = null;
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = person ?? {};
  });
  return {
    issuer: origin,
    endpoints: { authorize: `${origin}/authorize`, token: `${origin}/token`, userinfo: `${origin}/userinfo` },
    /** Who the provider says is signing in, from now on. */
    signsIn(userinfo: GoogleUserinfo) {
      person = userinfo;
    },
    close: () => provider.stop(),
  };
}
