import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { forgetSignedInUser } from './features/account/auth-store.ts';
import { ThemeProvider } from './features/theme/theme-provider.tsx';
import { takeTitleDrawnAtBuild } from './lib/use-document-title.ts';
import { routeTree } from './route-tree.gen.ts';

/**
 * The public pages drawn at build time with React's own server rendering (scripts/prerender.ts writes them into
 * dist/), so every install serves them painted before any JavaScript runs, with no browser needed to build.
 */
export async function render(path: string): Promise<{ html: string; title: string | null }> {
  // Drawn for a visitor: nobody is signed in, and nobody needs to be asked.
  forgetSignedInUser();
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const html = renderToString(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return { html, title: takeTitleDrawnAtBuild() };
}
