import { createFileRoute } from '@tanstack/react-router';
import { SignupScreen } from '../../features/account/signup-screen.tsx';

type SignupSearch = {
  /** Where to go once the account exists (an invitation's join page); checked before use, as for login. */
  returnTo?: string;
};

export const Route = createFileRoute('/_guest/signup')({
  validateSearch: (search: Record<string, unknown>): SignupSearch =>
    typeof search.returnTo === 'string' ? { returnTo: search.returnTo } : {},
  component: SignupScreen,
});
