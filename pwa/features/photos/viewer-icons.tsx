import { StrokeIcon, type IconProps } from '../../ui/icons.tsx';

/** The viewer's own icons: ‹ and › to move, and the three dots of More. */
export function ChevronLeftIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m15 5-7 7 7 7" />
    </StrokeIcon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m9 5 7 7-7 7" />
    </StrokeIcon>
  );
}

export function MoreIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />
    </StrokeIcon>
  );
}
