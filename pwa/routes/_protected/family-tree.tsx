import { createFileRoute } from '@tanstack/react-router';
import { FamilyTreeScreen } from '../../features/family/tree/family-tree-screen.tsx';

export const Route = createFileRoute('/_protected/family-tree')({
  component: FamilyTreeScreen,
});
