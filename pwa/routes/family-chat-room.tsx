import { createFileRoute } from '@tanstack/react-router';
import { FamilyChatPage } from '../features/marketing/feature-pages/family-chat-page.tsx';

/** Family Chat Room (spec §2), also served at /family-chat; reachable by anyone, signed in or not. */
export const Route = createFileRoute('/family-chat-room')({
  staticData: { publicPage: true },
  component: FamilyChatPage,
});
