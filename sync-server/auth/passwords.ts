import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** OWASP's minimum for argon2id: about 20 ms per hash on a small server, enough to make guessing expensive. */
const hashOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type Passwords = {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. With no hash (unknown email, Google-only account) it still runs a full
   * verification against a throwaway hash, so the answer takes as long as for a wrong password.
   */
  verify(storedHash: string | null | undefined, password: string): Promise<boolean>;
};

export async function createPasswords(): Promise<Passwords> {
  const dummyHash = await argon2.hash(randomBytes(32), hashOptions);
  return {
    hash: (password) => argon2.hash(password, hashOptions),
    async verify(storedHash, password) {
      if (!storedHash) {
        await argon2.verify(dummyHash, password);
        return false;
      }
      return argon2.verify(storedHash, password);
    },
  };
}
