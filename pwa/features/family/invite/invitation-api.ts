import type {
  AcceptInvitationBody,
  CreatedInvitation,
  FamilyInvitation,
  InvitationPreview,
  JoinedFamily,
} from '../../../../schema/invitations.ts';
import { api } from '../../../lib/api-client.ts';

function invitationsPath(familyId: string): string {
  return `/api/families/${encodeURIComponent(familyId)}/invitations`;
}

/**
 * The invitation calls of the API, in one place for the invite dialog and the join page. Tokens go in bodies, never
 * in paths (schema/invitations.ts).
 */
export const invitationApi = {
  create: (familyId: string) => api.post<CreatedInvitation>(invitationsPath(familyId)),
  listOpen: (familyId: string, signal?: AbortSignal) =>
    api.get<FamilyInvitation[]>(invitationsPath(familyId), { signal }),
  turnOff: (familyId: string, invitationId: string) =>
    api.delete<void>(`${invitationsPath(familyId)}/${encodeURIComponent(invitationId)}`),
  lookup: (token: string, signal?: AbortSignal) =>
    api.post<InvitationPreview>('/api/invitations/lookup', { token }, { signal }),
  accept: (body: AcceptInvitationBody) => api.post<JoinedFamily>('/api/invitations/accept', body),
};
