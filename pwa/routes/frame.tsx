import { createFileRoute } from '@tanstack/react-router';
import { FrameScreen } from '../features/frame/frame-screen.tsx';

/** A photo frame (decision 0061): opened from an admin's frame link, with no person's session. */
export const Route = createFileRoute('/frame')({
  staticData: { hideNavigation: true },
  component: FrameScreen,
});
