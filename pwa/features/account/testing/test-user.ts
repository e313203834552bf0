import type { User } from '../../../../schema/entities.ts';

/** A signed-in person for unit tests: a fresh id, the username and an address made from it, no names. */
export function testUser(username: string): User {
  const at = new Date(0).toISOString();
  return {
    id: crypto.randomUUID(),
    username,
    email: `${username}@example.com`,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    birthday: null,
    createdAt: at,
    updatedAt: at,
  };
}
