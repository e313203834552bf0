import { createFileRoute } from '@tanstack/react-router';
import { AccessDenied } from '../features/account/access-denied.tsx';
import { useAuth } from '../features/account/auth-store.ts';
import { ProfileScreen } from '../features/account/profile-screen.tsx';

type ProfileSearch = {
  /** `?changePassword=1` opens the editor with the cursor in Current Password (Settings' Change Password). */
  changePassword?: 1;
};

/** Reachable by anyone (product.md §2); signed out it says so and offers the login page. */
export const Route = createFileRoute('/profile')({
  validateSearch: (search: Record<string, unknown>): ProfileSearch =>
    search.changePassword === 1 || search.changePassword === '1' ? { changePassword: 1 } : {},
  component: function ProfileRoute() {
    const { isAuthenticated } = useAuth();
    const { changePassword } = Route.useSearch();
    return isAuthenticated ? <ProfileScreen startWithPasswordChange={changePassword === 1} /> : <AccessDenied />;
  },
});
