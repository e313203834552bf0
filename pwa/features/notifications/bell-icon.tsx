import { StrokeIcon, type IconProps } from '../../ui/icons.tsx';

/** A bell: the header's Notifications button. */
export function BellIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 10a6 6 0 0 1 12 0c0 4.5 1.5 6 2 7H4c.5-1 2-2.5 2-7Z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </StrokeIcon>
  );
}
