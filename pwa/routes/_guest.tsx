import { useEffect } from 'react';
import { createFileRoute, Outlet, useRouter, useSearch } from '@tanstack/react-router';
import { useAuth } from '../features/account/auth-store.ts';
import { safeReturnTo } from '../features/account/return-to.ts';

/**
 * Login and signup: full-screen, without the navigation bar. Someone who is (or just became) signed in is sent on,
 * to the page they were trying to reach when it is on this site, else home.
 */
export const Route = createFileRoute('/_guest')({
  staticData: { hideNavigation: true },
  component: function RedirectWhenSignedIn() {
    const { isAuthenticated } = useAuth();
    const { returnTo } = useSearch({ strict: false });
    const router = useRouter();

    useEffect(() => {
      // returnTo is a whole path with its query, so it goes to history as written rather than through typed `to`.
      if (isAuthenticated) router.history.replace(safeReturnTo(returnTo));
    }, [isAuthenticated, returnTo, router]);

    return isAuthenticated ? null : <Outlet />;
  },
});
