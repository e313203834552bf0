/** Ends the server session: the app POSTs to it; the spec's navigation (GET) works too, from Hearth's own pages. */
export const signOutUrl = '/api/logout';

/** Google sign-in, coming back to `returnTo` (the server checks it is a path on this site) once it succeeds. */
export function googleSignInUrl(returnTo: string | undefined): string {
  return returnTo ? `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}` : '/api/auth/google';
}

/** The login page, remembering where to come back to. */
export function loginPath(returnTo: string): { to: '/login'; search: { returnTo: string } } {
  return { to: '/login', search: { returnTo } };
}
