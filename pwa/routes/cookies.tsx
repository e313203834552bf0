import { createFileRoute } from '@tanstack/react-router';
import { CookiesScreen } from '../features/marketing/legal/cookies-screen.tsx';

/** Cookies Policy: reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/cookies')({
  component: CookiesScreen,
});
