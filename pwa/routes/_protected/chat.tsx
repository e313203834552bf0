import { createFileRoute } from '@tanstack/react-router';
import { ChatScreen } from '../../features/chat/chat-screen.tsx';

export const Route = createFileRoute('/_protected/chat')({
  component: ChatScreen,
});
