import { randomInt } from 'node:crypto';
import { limits, username, type User } from '../../schema/index.ts';
import { DuplicateUserError, type NewUser, type UserRepository } from '../repositories/user-repository.ts';

/**
 * A username from the email's local part ("ada.lovelace@…" → "ada.lovelace"), cut to leave room for a numeric
 * suffix when that name is taken; too short or nothing usable gives "member".
 */
export function usernameFromEmail(address: string): string {
  const localPart = address.split('@', 1)[0] ?? '';
  const base = localPart.replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, limits.usernameMax - 5);
  return username.safeParse(base).data ?? 'member';
}

/**
 * Makes the account with a handle derived from its email, trying numbered ones while that is taken: people are asked
 * their real name, never to invent a username (docs/decisions/0045-sign-up-without-a-username.md). A taken email is the caller's.
 */
export async function createWithDerivedUsername(
  users: UserRepository,
  newUser: Omit<NewUser, 'username'>,
): Promise<User> {
  const base = usernameFromEmail(newUser.email);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      return await users.create({ ...newUser, username: attempt === 0 ? base : `${base}${randomInt(1000, 100_000)}` });
    } catch (error) {
      if (!(error instanceof DuplicateUserError) || error.field === 'email') throw error;
    }
  }
  throw new Error('Could not find a free username');
}
