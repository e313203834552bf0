import { returnToSchema } from '../../../schema/account.ts';

const probeOrigin = 'https://hearth.invalid';

/**
 * Where to send someone after they sign in: a path on this site, or home. On top of the shared rule (a single
 * leading slash), the path must still point at this site once the browser has cleaned it up, which catches tricks
 * such as "/\t/evil.example" that browsers read as "//evil.example".
 */
export function safeReturnTo(value: unknown): string {
  const path = returnToSchema.parse(value);
  try {
    const resolved = new URL(path, probeOrigin);
    return resolved.origin === probeOrigin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
  } catch {
    return '/';
  }
}
