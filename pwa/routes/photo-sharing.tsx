import { createFileRoute } from '@tanstack/react-router';
import { PhotoSharingPage } from '../features/marketing/feature-pages/photo-sharing-page.tsx';

/** Photo Sharing: a feature page, reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/photo-sharing')({
  staticData: { publicPage: true },
  component: PhotoSharingPage,
});
