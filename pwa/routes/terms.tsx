import { createFileRoute } from '@tanstack/react-router';
import { TermsScreen } from '../features/marketing/legal/terms-screen.tsx';

/** Terms and Conditions: reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/terms')({
  component: TermsScreen,
});
