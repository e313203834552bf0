import { useId, type ReactNode } from 'react';
import { markTileEnd, markTileStart } from './icons.css.ts';

/**
 * Hearth's own icons, drawn on a 24-unit grid with round 2-unit strokes so they sit calmly next to text. Icons are
 * decorative (aria-hidden): the control or text beside them carries the meaning. This file holds those several
 * parts of the app share; an icon only one feature draws lives with that feature, in the same StrokeIcon frame, so
 * a page downloads only the icons it shows.
 */
export type IconProps = { size?: string; className?: string };

/** The frame every Hearth icon is drawn in, here and in the features' own icon sets; `size` defaults to 1.25em. */
export function StrokeIcon({ size = '1.25em', className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

export function HomeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9v10.5a1.5 1.5 0 0 0 1.5 1.5H10v-6h4v6h3.5a1.5 1.5 0 0 0 1.5-1.5V9" />
    </StrokeIcon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.2 3.6-7 8-7s8 2.8 8 7" />
    </StrokeIcon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 6h8M18 6h2M4 12h2M12 12h8M4 18h10M20 18h0" />
      <circle cx="15" cy="6" r="2.5" />
      <circle cx="9" cy="12" r="2.5" />
      <circle cx="17" cy="18" r="2.5" />
    </StrokeIcon>
  );
}

export function LogOutIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 21H5.5A2.5 2.5 0 0 1 3 18.5v-13A2.5 2.5 0 0 1 5.5 3H9" />
      <path d="m16 17 5-5-5-5M21 12H9" />
    </StrokeIcon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </StrokeIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </StrokeIcon>
  );
}

export function EyeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </StrokeIcon>
  );
}

export function EyeOffIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.7 17.7 0 0 1-3.2 4.2" />
      <path d="M6.6 6.6A17.5 17.5 0 0 0 2 12s3.6 7 10 7a9.9 9.9 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </StrokeIcon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </StrokeIcon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </StrokeIcon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5h0" />
    </StrokeIcon>
  );
}

export function PauseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 6v12M15 6v12" />
    </StrokeIcon>
  );
}

export function PlayIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M8 5.5v13l10-6.5-10-6.5Z" />
    </StrokeIcon>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </StrokeIcon>
  );
}

/**
 * The Hearth mark, as on the app icon: a house drawn in cream around a warm flame, on a rounded tile in the chosen
 * colour theme (primary into accent), so the logo always matches the buttons around it.
 */
export function HearthMark({ size = '2rem', className }: IconProps) {
  const tileGradient = useId();
  const flameGradient = useId();
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={tileGradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" className={markTileStart} />
          <stop offset="1" className={markTileEnd} />
        </linearGradient>
        <linearGradient id={flameGradient} x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#ff8a3d" />
          <stop offset="1" stopColor="#ffd166" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill={`url(#${tileGradient})`} />
      <path
        d="M16 7.4 24.5 14.1v9.3a1.4 1.4 0 0 1-1.4 1.4H8.9a1.4 1.4 0 0 1-1.4-1.4v-9.3Z"
        fill="none"
        stroke="#fff8f0"
        strokeWidth="1.9"
        strokeLinejoin="round"
      />
      <path
        d="M16 13.4c2.1 2.2 3.9 4.1 3.9 6.6a3.9 3.9 0 0 1-7.8 0c0-1.7 1.2-3 2.2-4 .2 1.5 1.1 2.3 1.8 2.3-.3-1.9-.7-3.3-.1-4.9Z"
        fill={`url(#${flameGradient})`}
      />
    </svg>
  );
}
