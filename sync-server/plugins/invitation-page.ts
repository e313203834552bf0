import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { invitationToken, type InvitationPreview } from '../../schema/invitations.ts';

/**
 * An invitation's join page, drawn by the server as it is asked for, with the same React code as the public pages
 * (pwa/prerender-entry.tsx, built into `<static dir>/.ssr`), so a relative opening the link on a slow phone reads
 * "Rose Miller invited you to join The Millers on Hearth" in the first answer instead of a blank screen behind five
 * requests; the app then takes over from it (pwa/main.tsx) without asking again (served-invitation.ts). It holds
 * only what the link already grants: who invites to which family, and until when.
 */

/** The page the build leaves for the server to draw into (scripts/prerender.ts), under the static dir. */
export const joinPageFile = '.ssr/join-page.html';
const rendererFile = '.ssr/prerender-entry.js';

/** The places in that page the server fills. */
export const pageSlots = {
  html: '<!--hearth-page-->',
  title: '<!--hearth-title-->',
  data: '<!--hearth-data-->',
} as const;

type Render = (
  path: string,
  invitation: { token: string; preview: InvitationPreview },
) => Promise<{ html: string; title: string | null }>;

export type JoinPageDrawer = (token: string, preview: InvitationPreview) => Promise<string>;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Draws join pages into `template` (the build's join-page.html); the renderer is loaded at the first one. */
export function joinPageDrawer(staticDir: string, template: string): JoinPageDrawer {
  let renderer: Promise<Render> | undefined;
  return async (token, preview) => {
    renderer ??= import(pathToFileURL(join(staticDir, rendererFile)).href).then(
      (module: { render: Render }) => module.render,
    );
    const drawn = await (await renderer)(`/join/${token}`, { token, preview });
    // As for the public pages (scripts/prerender.ts): the policy allows no style attributes in markup.
    const html = drawn.html.replace(/ style="[^"]*"/g, '');
    // A data block, never run (so outside the policy's script hashes); `<` escaped so no name can end it.
    const data = JSON.stringify({ token, preview }).replace(/</g, '\\u003c');
    return template
      .replace(pageSlots.html, () => html)
      .replace(pageSlots.title, () => escapeText(drawn.title ?? 'Hearth'))
      .replace(
        pageSlots.data,
        () => `<script type="application/json" id="hearth-invitation">${data}</script>`,
      );
  };
}

/**
 * The join page for `token`, or undefined when there is nothing to draw (an unknown, malformed, expired or turned
 * off link, or the drawing failed): the app shell then opens and says what is wrong with the link, as before.
 */
export async function drawJoinPage(
  draw: JoinPageDrawer,
  token: string,
  preview: (token: string) => Promise<InvitationPreview | null>,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  if (!invitationToken.safeParse(token).success) return undefined;
  const found = await preview(token);
  if (!found) return undefined;
  try {
    return await draw(token, found);
  } catch (error) {
    log.error({ err: error }, 'Could not draw the join page; sending the app shell');
    return undefined;
  }
}
