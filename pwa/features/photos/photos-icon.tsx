import { StrokeIcon, type IconProps } from '../../ui/icons.tsx';

/** A framed picture with a hill and a sun: the navigation's Photos icon, alone so every page need not load more. */
export function PhotosIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2.5" />
      <circle cx="9" cy="9.5" r="1.75" />
      <path d="m21 16-5-5-8 8" />
    </StrokeIcon>
  );
}
