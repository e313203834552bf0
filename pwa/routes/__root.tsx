import { createRootRoute } from '@tanstack/react-router';
import { AppShell } from '../features/shell/app-shell.tsx';
import { NotFoundScreen } from '../features/shell/not-found-screen.tsx';

export const Route = createRootRoute({
  component: AppShell,
  notFoundComponent: NotFoundScreen,
});
