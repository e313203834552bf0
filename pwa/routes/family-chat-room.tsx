import { createFileRoute, redirect } from '@tanstack/react-router';

/** The Family Chat page's old address, sent on to /family-chat (the server does the same for a page load). */
export const Route = createFileRoute('/family-chat-room')({
  beforeLoad: () => {
    throw redirect({ to: '/family-chat', replace: true });
  },
});
