import { StrokeIcon, type IconProps } from '../../../ui/icons.tsx';

/**
 * Three people joined like a family tree: the navigation's Family Tree icon. Alone in its file because the
 * navigation is on every page; the tree's other pictures (tree-icons.tsx) come only with the tree.
 */
export function FamilyTreeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="5.5" r="2.5" />
      <circle cx="5.5" cy="18.5" r="2.5" />
      <circle cx="18.5" cy="18.5" r="2.5" />
      <path d="M12 8v4M5.5 16v-4h13v4" />
    </StrokeIcon>
  );
}
