import type { User } from '../../../schema/entities.ts';

type NamedUser = Pick<User, 'firstName' | 'lastName' | 'email' | 'username'>;
/** Another family member as the device knows them: names and username, never their email. */
type PublicNamedUser = Pick<User, 'firstName' | 'lastName' | 'username'> & { email?: string };

/** "First Last", or null when the person has not given a name. */
export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/**
 * What Hearth calls someone, to their family and to themselves: their full name, else their username. Never the
 * email (the spec's header falls back to it; a family should not see "rose.m1952@…" as a name).
 */
export function publicName(user: PublicNamedUser): string {
  return fullName(user) ?? user.username;
}

/** What a greeting calls someone: their first name, else their username. */
export function greetingName(user: NamedUser): string {
  return user.firstName?.trim() || user.username;
}

function firstLetter(text: string | null | undefined): string {
  const letter = text?.trim().match(/[\p{L}\p{N}]/u)?.[0];
  return letter ? letter.toLocaleUpperCase() : '';
}

/** Up to two letters for an avatar without a picture: first and last name, else the username, else the email. */
export function initials(user: PublicNamedUser): string {
  const fromName = firstLetter(user.firstName) + firstLetter(user.lastName);
  if (fromName) return fromName;
  return firstLetter(user.username) || firstLetter(user.email) || '?';
}
