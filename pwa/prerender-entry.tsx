import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { InvitationPreview } from '../schema/invitations.ts';
import { App } from './app.tsx';
import { forgetSignedInUser } from './features/account/auth-store.ts';
import { drawingInvitation } from './features/family/join/served-invitation.ts';
import { takeTitleDrawnAtBuild } from './lib/use-document-title.ts';
import { routeTree } from './route-tree.gen.ts';

/**
 * Pages drawn for a visitor with React's own server rendering, by the app's own code: the public pages at build time
 * (scripts/prerender.ts writes them into dist/), so every install serves them painted before any JavaScript runs,
 * with no browser needed to build; and an invitation's join page by the server as it is asked for
 * (sync-server/plugins/invitation-page.ts), with the invitation the link grants.
 */
export async function render(
  path: string,
  invitation?: { token: string; preview: InvitationPreview },
): Promise<{ html: string; title: string | null }> {
  // Drawn for a visitor: nobody is signed in, and nobody needs to be asked.
  forgetSignedInUser();
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const draw = () => renderToString(<App router={router} />);
  const html = invitation ? drawingInvitation(invitation.token, invitation.preview, draw) : draw();
  return { html, title: takeTitleDrawnAtBuild() };
}
