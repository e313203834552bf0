import { StrokeIcon, type IconProps } from '../../ui/icons.tsx';

export function MicIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    </StrokeIcon>
  );
}

export function StopIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="7" y="7" width="10" height="10" rx="1.5" />
    </StrokeIcon>
  );
}
