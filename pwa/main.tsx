import './ui/global.css.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { loadCurrentUser } from './features/account/auth-store.ts';
import { ThemeProvider } from './features/theme/theme-provider.tsx';
import { router } from './router.ts';
import { Toaster } from './ui/toaster.tsx';

// Started before React renders so the answer is on its way while the first route's code downloads.
void loadCurrentUser();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider>
      <RouterProvider router={router} />
      <Toaster />
    </ThemeProvider>
  </StrictMode>,
);
