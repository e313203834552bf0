import { StrictMode, useEffect } from 'react';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { ThemeProvider } from './features/theme/theme-provider.tsx';
import { UpdatePrompt } from './sw/update-prompt.tsx';
import { Toaster } from './ui/toaster.tsx';

/**
 * The whole app, one tree for the browser (main.tsx) and for pages drawn ahead of it (prerender-entry.tsx): the
 * browser adopts a drawn page only when it would draw the very same elements (docs/decisions/0043-a-visitor-loads-
 * only-the-page.md). `onDrawn` runs once the first drawing (or adoption) is on screen.
 */
export function App({ router, onDrawn }: { router: AnyRouter; onDrawn?: () => void }) {
  useEffect(() => onDrawn?.(), [onDrawn]);
  return (
    <StrictMode>
      <ThemeProvider>
        <RouterProvider router={router} />
        <Toaster />
        <UpdatePrompt />
      </ThemeProvider>
    </StrictMode>
  );
}
