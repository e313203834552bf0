import type { User } from '../../../schema/entities.ts';
import { fullName, publicName } from '../../../schema/public-name.ts';

export { fullName, publicName };

type NamedUser = Pick<User, 'firstName' | 'lastName' | 'email' | 'username'>;
/** Another family member as the device knows them: names and username, never their email. */
type PublicNamedUser = Pick<User, 'firstName' | 'lastName' | 'username'> & { email?: string };

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
