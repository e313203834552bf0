import { familyMessages } from '../../../../schema/family-messages.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';

/** Why the join page cannot (or need not) offer to join, each with its own words and way on. */
export type JoinProblem = 'invalid' | 'expired' | 'revoked' | 'already-member' | 'offline' | 'unavailable';

/** What a failed look-up or join means for the person holding the link. */
export function joinProblemOf(error: unknown): JoinProblem {
  if (error instanceof NetworkError) return 'offline';
  if (!(error instanceof ApiError)) return 'unavailable';
  // A malformed token is refused by validation (400) and an unknown one is not found (404): the same to the reader.
  if (error.status === 400 || error.status === 404) return 'invalid';
  if (error.status === 409) return 'already-member';
  if (error.status === 410) return error.body?.error === familyMessages.invitationRevoked ? 'revoked' : 'expired';
  return 'unavailable';
}

/** The page's heading and sentence for each problem that ends the visit (already-member has its own view). */
export const joinProblemTexts: Record<Exclude<JoinProblem, 'already-member'>, { title: string; text: string }> = {
  invalid: { title: "This invite link doesn't work", text: familyMessages.invitationInvalid },
  expired: { title: 'This invite link has expired', text: familyMessages.invitationExpired },
  revoked: { title: 'This invite link was turned off', text: familyMessages.invitationRevoked },
  offline: {
    title: "You're offline",
    text: "Joining a family needs an internet connection. Hearth will try again as soon as you're back online.",
  },
  unavailable: {
    title: "Hearth can't be reached right now",
    text: 'Your invitation is safe. Please try again in a moment.',
  },
};
