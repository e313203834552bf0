import { z } from 'zod';
import { email, limits, type User } from '../../schema/index.ts';
import { asName, personName } from '../../schema/fields.ts';
import { DuplicateUserError, type UserRepository } from '../repositories/user-repository.ts';
import { createWithDerivedUsername } from './free-username.ts';

/** The OpenID Connect userinfo fields Hearth uses. */
export const googleProfileSchema = z.object({
  /** The Google account's own id: stays when its email changes. */
  sub: z.string().min(1).max(255),
  email,
  email_verified: z.literal(true),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});
export type GoogleProfile = z.infer<typeof googleProfileSchema>;

/** Google's name as the profile form would take it (the same rule), cut to fit rather than refused. */
function nameFromGoogle(value: string | undefined): string | null {
  let cut = '';
  // Whole characters only: half an emoji is not a character PostgreSQL can store.
  for (const character of asName(value ?? '').trim()) {
    if (cut.length + character.length > limits.nameMax) break;
    cut += character;
  }
  return personName.safeParse(cut).data ?? null;
}

/** The email belongs to an account whose person unlinked Google: they sign in with their password instead. */
export class GoogleLinkRefused extends Error {
  override name = 'GoogleLinkRefused';
}

/**
 * The account linked to this Google account; else, since Google vouches for the (verified) email, the account with
 * that email, now linked, unless its person once unlinked Google; else a new account without a password.
 */
export async function findOrCreateGoogleUser(users: UserRepository, profile: GoogleProfile): Promise<User> {
  const linked = await users.findByGoogleSub(profile.sub);
  if (linked) return linked;
  const existing = await users.findByEmail(profile.email);
  if (existing) {
    if ((await users.signInMethods(existing.user.id)).googleUnlinked) throw new GoogleLinkRefused();
    await users.linkGoogle(existing.user.id, profile.sub);
    return existing.user;
  }
  try {
    return await createWithDerivedUsername(users, {
      email: profile.email,
      passwordHash: null,
      googleSub: profile.sub,
      firstName: nameFromGoogle(profile.given_name),
      lastName: nameFromGoogle(profile.family_name),
    });
  } catch (error) {
    // Made a moment ago by a sign-in racing this one.
    if (!(error instanceof DuplicateUserError)) throw error;
    const created = await users.findByEmail(profile.email);
    if (!created) throw error;
    return created.user;
  }
}
