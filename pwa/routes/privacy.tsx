import { createFileRoute } from '@tanstack/react-router';
import { PrivacyScreen } from '../features/marketing/legal/privacy-screen.tsx';

/** Privacy Policy: reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/privacy')({
  component: PrivacyScreen,
});
