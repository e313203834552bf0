import { createFileRoute } from '@tanstack/react-router';
import { FamilyChatPage } from '../features/marketing/feature-pages/family-chat-page.tsx';

/** Family Chat (spec §2): the same page as /family-chat-room, reachable by anyone, signed in or not. */
export const Route = createFileRoute('/family-chat')({
  staticData: { publicPage: true },
  component: FamilyChatPage,
});
