import { createFileRoute } from '@tanstack/react-router';
import { ContactScreen } from '../features/marketing/contact/contact-screen.tsx';

/** Contact: reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/contact')({
  component: ContactScreen,
});
