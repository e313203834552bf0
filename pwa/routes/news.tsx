import { createFileRoute } from '@tanstack/react-router';
import { NewsScreen } from '../features/marketing/news/news-screen.tsx';

/** News: reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/news')({
  component: NewsScreen,
});
