import type { CreatedFrame, FamilyFrame } from '../../../../schema/frames.ts';
import { api } from '../../../lib/api-client.ts';

const framesPath = (familyId: string) => `/api/families/${encodeURIComponent(familyId)}/frames`;

/** The frame calls an admin makes (decision 0061); the frame itself talks through features/frame/. */
export const frameApi = {
  create: (familyId: string) => api.post<CreatedFrame>(framesPath(familyId)),
  list: (familyId: string, signal?: AbortSignal) => api.get<FamilyFrame[]>(framesPath(familyId), { signal }),
  turnOff: (familyId: string, frameId: string) =>
    api.delete<void>(`${framesPath(familyId)}/${encodeURIComponent(frameId)}`),
};

/** The link a tablet opens: the token after `#`, so it never reaches a server's request log. */
export function frameLinkUrl(origin: string, token: string): string {
  return `${origin}/frame#${token}`;
}
