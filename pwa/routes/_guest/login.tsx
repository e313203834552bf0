import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../features/account/login-screen.tsx';

type LoginSearch = {
  /** Where to go after signing in; checked before use, since anyone can write it into a link. */
  returnTo?: string;
  /** Set by the server, e.g. google_unavailable when Google sign-in is not configured. */
  error?: string;
};

export const Route = createFileRoute('/_guest/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(typeof search.returnTo === 'string' ? { returnTo: search.returnTo } : {}),
    ...(typeof search.error === 'string' ? { error: search.error } : {}),
  }),
  component: LoginScreen,
});
