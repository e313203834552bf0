import { ApiError, NetworkError } from '../../../lib/api-client.ts';

/** The link a relative opens: the join page of this very site, which the token alone leads to. */
export function invitationUrl(origin: string, token: string): string {
  return `${origin}/join/${token}`;
}

/** What the phone's share sheet passes on (a message, an email): who invites whom, and the link. */
export function invitationShareData(invite: { familyName: string; inviterName: string; url: string }): ShareData {
  return {
    title: `Join ${invite.familyName} on Hearth`,
    text: `${invite.inviterName} invited you to join ${invite.familyName} on Hearth, our family's private space for news, photos and plans.`,
    url: invite.url,
  };
}

/** Offline, or the server is down or restarting: nothing is wrong with the family or the person. */
export function isConnectionProblem(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

export const inviteNeedsConnection =
  "Invite links need an internet connection, and Hearth can't be reached right now. Please try again once you're connected.";

/** Why no link could be made or turned off, as one calm sentence for the dialog. */
export function inviteProblemText(error: unknown): string {
  if (isConnectionProblem(error)) return inviteNeedsConnection;
  // The server's own sentence: not a member any more, only admins or its maker, please wait a moment.
  if (error instanceof ApiError && error.body) return error.body.error;
  return "Hearth couldn't do that just now. Please try again.";
}
