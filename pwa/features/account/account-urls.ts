/** Server routes the browser navigates to (full page loads, not API calls). */
export const signOutUrl = '/api/logout';
export const googleSignInUrl = '/api/auth/google';

/** The login page, remembering where to come back to. */
export function loginPath(returnTo: string): { to: '/login'; search: { returnTo: string } } {
  return { to: '/login', search: { returnTo } };
}
