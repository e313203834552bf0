import { StrokeIcon, type IconProps } from '../../ui/icons.tsx';

/** A speech bubble: the navigation's Chat icon, alone so every page need not load more. */
export function ChatIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M20 12.5a7.5 7.5 0 0 1-11 6.6L4 20.5l1.4-4.3A7.5 7.5 0 1 1 20 12.5Z" />
      <path d="M9 11.5h6M9 14.5h4" />
    </StrokeIcon>
  );
}
