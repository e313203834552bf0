import { createFileRoute } from '@tanstack/react-router';
import { JoinScreen } from '../features/family/join/join-screen.tsx';

/** An invitation link (product.md, Families): public, since the person opening it is often not signed up yet. */
export const Route = createFileRoute('/join/$token')({
  component: function JoinRoute() {
    const { token } = Route.useParams();
    // One screen per link: what it found for one token is never shown for another.
    return <JoinScreen key={token} token={token} />;
  },
});
