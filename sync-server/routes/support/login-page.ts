import { z } from 'zod';
import { returnToSchema } from '../../../schema/index.ts';

/** `?returnTo=` of a navigation that ends on a page of this site; anything else reads as the home page. */
export const returnToQuerySchema = z.object({ returnTo: returnToSchema.optional() });

/**
 * The login screen's address for a server redirect: `error` says why the person is back there (google_failed, …),
 * `returnTo` where to go once signed in, left out when that is the home page anyway.
 */
export function loginPagePath({ error, returnTo }: { error?: string; returnTo?: string }): string {
  const search = [
    ...(error ? [`error=${error}`] : []),
    ...(returnTo && returnTo !== '/' ? [`returnTo=${encodeURIComponent(returnTo)}`] : []),
  ];
  return search.length > 0 ? `/login?${search.join('&')}` : '/login';
}
