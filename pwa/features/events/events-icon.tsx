import { StrokeIcon, type IconProps } from '../../ui/icons.tsx';

/** A calendar page: the navigation's Events icon, alone so every page need not load more. */
export function EventsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="5" width="18" height="16" rx="2.5" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </StrokeIcon>
  );
}
