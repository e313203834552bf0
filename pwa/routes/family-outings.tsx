import { createFileRoute } from '@tanstack/react-router';
import { FamilyOutingsPage } from '../features/marketing/feature-pages/family-outings-page.tsx';

/** Family Outings: a feature page, reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/family-outings')({
  staticData: { publicPage: true },
  component: FamilyOutingsPage,
});
