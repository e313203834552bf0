import type { ReactNode } from 'react';
import { StrokeIcon, type IconProps } from '../../../ui/icons.tsx';

/**
 * The feature cards' pictures, drawn like ui/icons.tsx (24-unit grid, round 2-unit strokes, currentColor) so they
 * take the colour theme in light and dark. Decorative: each card's title says what the picture shows.
 */
function Icon({ size = '1.6rem', ...props }: IconProps & { children: ReactNode }) {
  return <StrokeIcon size={size} {...props} />;
}

export function ArrowLeftIcon({ size = '1.25em', ...props }: IconProps) {
  return (
    <Icon size={size} {...props}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </Icon>
  );
}

/* Shared by several pages. */

export function ShieldHeartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6Z" />
      <path d="M12 15.5s-3.2-1.9-3.2-4.1a1.7 1.7 0 0 1 3.2-.9 1.7 1.7 0 0 1 3.2.9c0 2.2-3.2 4.1-3.2 4.1Z" />
    </Icon>
  );
}

export function WifiOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3l18 18" />
      <path d="M8.5 16.4a5 5 0 0 1 5.6-.9M5 12.9a10 10 0 0 1 4-2.4M19 12.9a10 10 0 0 0-3.6-2.3M2 9.3a15 15 0 0 1 3.7-2.5M22 9.3A15 15 0 0 0 10.5 5.1" />
      <path d="M12 20h.01" />
    </Icon>
  );
}

/* Photo Sharing */

export function AlbumsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="7" width="14" height="14" rx="2" />
      <path d="M7 3h11a3 3 0 0 1 3 3v11" />
      <path d="m3 18 4-4 3 3 2-2 5 5" />
      <circle cx="12.5" cy="11.5" r="1.5" />
    </Icon>
  );
}

export function UploadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 18.5a4.5 4.5 0 0 1-.6-8.96 6 6 0 0 1 11.4-1.3A4.2 4.2 0 0 1 17.5 18.5" />
      <path d="M12 20.5v-8M9 15.5l3-3 3 3" />
    </Icon>
  );
}

export function PinOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3l18 18" />
      <path d="M8.2 4.6A6.5 6.5 0 0 1 18.5 10c0 1.6-.6 3.3-1.5 4.8M14.6 17.7C13.3 19.4 12 20.6 12 20.6S5.5 15 5.5 10c0-.7.1-1.4.3-2" />
      <path d="M10.2 8.4a2.5 2.5 0 0 1 3.4 3.4" />
    </Icon>
  );
}

/* Family Chat Room */

export function ChatBubblesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 4h11a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Z" />
      <path d="M19 8h1a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-1v3l-4-3h-4a1 1 0 0 1-1-1v-1" />
    </Icon>
  );
}

export function TextSizeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 19 8 5l5.5 14M4.6 14h6.8" />
      <path d="m14 19 3.5-8.5L21 19M15.2 16.2h4.6" />
    </Icon>
  );
}

export function BoltIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13 2.5 4.5 13.5H11l-1 8 8.5-11H12Z" />
    </Icon>
  );
}

/* Family Calendar */

export function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
      <path d="M8 14h.01M12 14h.01M16 14h.01M8 17.5h.01M12 17.5h.01" />
    </Icon>
  );
}

export function RsvpIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.7 2.7L16.2 9.5" />
    </Icon>
  );
}

/* Family Tree Builder */

export function TreeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="9" y="3" width="6" height="5" rx="1.5" />
      <rect x="3" y="16" width="6" height="5" rx="1.5" />
      <rect x="15" y="16" width="6" height="5" rx="1.5" />
      <path d="M12 8v4M6 16v-2a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v2" />
    </Icon>
  );
}

export function DragIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3v18M3 12h18M9 6l3-3 3 3M9 18l3 3 3-3M6 9l-3 3 3 3M18 9l3 3-3 3" />
    </Icon>
  );
}

export function StoryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </Icon>
  );
}

export function InviteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <path d="M19 8v6M16 11h6" />
    </Icon>
  );
}

/* Family Outings */

export function CompassIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5Z" />
    </Icon>
  );
}

export function PlanIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="4.5" width="14" height="16.5" rx="2" />
      <path d="M9 4.5V3h6v1.5" />
      <path d="m8.5 11 1.5 1.5 3-3M8.5 16.5h7" />
    </Icon>
  );
}

export function KiteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13 2 20 9l-7 7-7-7Z" />
      <path d="M6 9h14M13 2v14" />
      <path d="M13 16c0 2.5-1.6 3.7-3.5 4.3M7.5 19.5l1.2 1.3M10 17.8l-1.6.4" />
    </Icon>
  );
}

export function CameraIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7.5h3L9 4.5h6l2 3h3a1 1 0 0 1 1 1V19a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8.5a1 1 0 0 1 1-1Z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </Icon>
  );
}
