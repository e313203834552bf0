import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets Hearth hands out (session cookies, invitation links, remembered sign-in devices, calendar addresses):
 * 256 random bits, URL-safe. Only their SHA-256 is stored, so a copy of the database opens nothing.
 */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOfToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
