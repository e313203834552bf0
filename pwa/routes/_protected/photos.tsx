import { createFileRoute } from '@tanstack/react-router';
import { PhotosScreen } from '../../features/photos/photos-screen.tsx';

export const Route = createFileRoute('/_protected/photos')({
  component: PhotosScreen,
});
