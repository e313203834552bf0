import type { InvitationPreview } from '../../../../schema/invitations.ts';

/**
 * The invitation the server drew into the join page it sent (sync-server/plugins/invitation-page.ts): what the link
 * already grants (who invites to which family, until when), so the page shows at once on a slow phone and the app
 * takes over from it without asking again. On the server, the one being drawn; in the browser, the page's data block.
 */
export const servedInvitationElementId = 'hearth-invitation';

const beingDrawn = new Map<string, InvitationPreview>();

/** Server side: `preview` is what the page for `token` shows while `draw` runs. */
export function drawingInvitation<T>(token: string, preview: InvitationPreview, draw: () => T): T {
  beingDrawn.set(token, preview);
  try {
    return draw();
  } finally {
    beingDrawn.delete(token);
  }
}

/** The invitation for `token` the page was drawn with, if any. */
export function servedInvitation(token: string): InvitationPreview | null {
  if (typeof document === 'undefined') return beingDrawn.get(token) ?? null;
  const element = document.getElementById(servedInvitationElementId);
  if (!element?.textContent) return null;
  try {
    const served = JSON.parse(element.textContent) as { token: string; preview: InvitationPreview };
    return served.token === token ? served.preview : null;
  } catch {
    return null;
  }
}
