import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useAuth } from '../features/account/auth-store.ts';
import { SignedOutFallback } from '../features/account/signed-out-fallback.tsx';
import { SignedInArea } from '../features/device-session/signed-in-area.tsx';

/**
 * Every screen that needs a signed-in user lives under this layout. Signed out, the screen is replaced in place by
 * an invitation to sign in (product.md §2: a fallback, not a redirect), which comes back here afterwards.
 */
export const Route = createFileRoute('/_protected')({
  component: function RequireSignedIn() {
    const { isAuthenticated } = useAuth();
    return isAuthenticated ? (
      <SignedInArea>
        <Outlet />
      </SignedInArea>
    ) : (
      <SignedOutFallback />
    );
  },
});
