import { describe, expect, it } from 'vitest';
import { rejections } from '../../../../schema/rejections.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { invitationShareData, invitationUrl, inviteNeedsConnection, inviteProblemText } from './invitation-links.ts';

const token = 'q8F2nT0yXcVb7LmZ1sKd4PwR9aHjE6uGt3oYiN5eQ_-';

describe('invitationUrl', () => {
  it('points at the join page of the site the invitation was made on', () => {
    expect(invitationUrl('https://hearth.example', token)).toBe(`https://hearth.example/join/${token}`);
  });
});

describe('invitationShareData', () => {
  it('names the family and the person inviting, and carries the link', () => {
    const url = invitationUrl('https://hearth.example', token);
    const share = invitationShareData({ familyName: 'The Smiths', inviterName: 'Margaret Smith', url });
    expect(share.title).toBe('Join The Smiths on Hearth');
    expect(share.text).toContain('Margaret Smith invited you to join The Smiths on Hearth');
    expect(share.url).toBe(url);
  });
});

describe('inviteProblemText', () => {
  it('says calmly that a connection is needed when offline or when the server is unreachable', () => {
    expect(inviteProblemText(new NetworkError(new TypeError('Failed to fetch')))).toBe(inviteNeedsConnection);
    expect(inviteProblemText(new ApiError(503, 'Service Unavailable', ''))).toBe(inviteNeedsConnection);
  });

  it("passes on the server's reason when it refused", () => {
    const refused = new ApiError(403, 'Forbidden', JSON.stringify({ error: rejections.notMember }));
    expect(inviteProblemText(refused)).toBe(rejections.notMember);
  });

  it('falls back to a plain sentence for anything else', () => {
    expect(inviteProblemText(new ApiError(400, 'Bad Request', 'not json'))).toBe(
      "Hearth couldn't do that just now. Please try again.",
    );
  });
});
