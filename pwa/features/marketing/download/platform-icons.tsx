import type { ReactNode } from 'react';
import { StrokeIcon, type IconProps } from '../../../ui/icons.tsx';

/** Device pictures for the download page, drawn like ui/icons.tsx; decorative, the card names the platform. */
function Icon({ size = '1.75em', ...props }: IconProps & { children: ReactNode }) {
  return <StrokeIcon size={size} {...props} />;
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M11 18.5h2" />
    </Icon>
  );
}

export function TabletIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="2.5" width="17" height="19" rx="2.5" />
      <path d="M11 18.5h2" />
    </Icon>
  );
}

export function ComputerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2.5" y="3.5" width="19" height="13" rx="2" />
      <path d="M8 21h8M12 16.5V21" />
    </Icon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3v12M7 10l5 5 5-5" />
      <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
    </Icon>
  );
}
