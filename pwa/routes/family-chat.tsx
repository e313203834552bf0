import { createFileRoute } from '@tanstack/react-router';
import { FamilyChatPage } from '../features/marketing/feature-pages/family-chat-page.tsx';

/** Family Chat (product.md §2), the one address of the page /family-chat-room once had; reachable by anyone. */
export const Route = createFileRoute('/family-chat')({
  staticData: { publicPage: true },
  component: FamilyChatPage,
});
