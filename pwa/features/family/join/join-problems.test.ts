import { describe, expect, it } from 'vitest';
import { familyMessages } from '../../../../schema/family-messages.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { joinProblemOf } from './join-problems.ts';

function answer(status: number, error?: string): ApiError {
  return new ApiError(status, 'status text', error === undefined ? '' : JSON.stringify({ error }));
}

describe('joinProblemOf', () => {
  it('reads a malformed or unknown link as one that does not work', () => {
    expect(joinProblemOf(answer(400, familyMessages.invitationInvalid))).toBe('invalid');
    expect(joinProblemOf(answer(404, familyMessages.invitationInvalid))).toBe('invalid');
  });

  it('tells an expired link from one that was turned off', () => {
    expect(joinProblemOf(answer(410, familyMessages.invitationExpired))).toBe('expired');
    expect(joinProblemOf(answer(410, familyMessages.invitationRevoked))).toBe('revoked');
  });

  it('knows when the person already belongs to the family', () => {
    expect(joinProblemOf(answer(409, familyMessages.alreadyMember))).toBe('already-member');
  });

  it('tells being offline from a server in trouble', () => {
    expect(joinProblemOf(new NetworkError(new TypeError('Failed to fetch')))).toBe('offline');
    expect(joinProblemOf(answer(502))).toBe('unavailable');
    expect(joinProblemOf(answer(429, 'Too many tries. Please wait a minute.'))).toBe('unavailable');
    expect(joinProblemOf(new Error('something else'))).toBe('unavailable');
  });
});
