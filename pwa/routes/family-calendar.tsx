import { createFileRoute } from '@tanstack/react-router';
import { FamilyCalendarPage } from '../features/marketing/feature-pages/family-calendar-page.tsx';

/** Family Calendar: a feature page, reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/family-calendar')({
  staticData: { publicPage: true },
  component: FamilyCalendarPage,
});
