import { createFileRoute } from '@tanstack/react-router';
import { DownloadScreen } from '../features/marketing/download/download-screen.tsx';

/** Download: reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/download')({
  component: DownloadScreen,
});
