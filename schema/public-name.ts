import type { PublicUser } from './entities.ts';

/** "First Last", or null when the person has not given a name. */
export function fullName(user: Pick<PublicUser, 'firstName' | 'lastName'>): string | null {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/**
 * What Hearth calls someone, to their family and to themselves, on every screen and in every file the server makes:
 * their full name, else their username. Never the email (a family should not see "rose.m1952@…" as a name).
 */
export function publicName(user: Pick<PublicUser, 'firstName' | 'lastName' | 'username'>): string {
  return fullName(user) ?? user.username;
}
