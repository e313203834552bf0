import { createRouter } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen.ts';

export const router = createRouter({
  routeTree,
  scrollRestoration: true,
  defaultPreload: 'intent',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Full-screen pages (login, signup) that show no navigation bar (product.md §2). */
    hideNavigation?: boolean;
  }
}
