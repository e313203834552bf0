import { createFileRoute } from '@tanstack/react-router';
import { EventsScreen } from '../../features/events/events-screen.tsx';

export const Route = createFileRoute('/_protected/events')({
  component: EventsScreen,
});
