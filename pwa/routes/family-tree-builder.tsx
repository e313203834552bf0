import { createFileRoute } from '@tanstack/react-router';
import { FamilyTreeBuilderPage } from '../features/marketing/feature-pages/family-tree-builder-page.tsx';

/** Family Tree Builder: a feature page, reachable by anyone, signed in or not (product.md §2). */
export const Route = createFileRoute('/family-tree-builder')({
  staticData: { publicPage: true },
  component: FamilyTreeBuilderPage,
});
