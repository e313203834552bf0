import { useId, type ReactNode } from 'react';
import { markTileEnd, markTileStart } from './icons.css.ts';

/**
 * Hearth's own icons, drawn on a 24-unit grid with round 2-unit strokes so they sit calmly next to text. Icons are
 * decorative (aria-hidden): the control or text beside them carries the meaning.
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

/** A cloud: with `crossed` it says "offline", with `checked` "all sent". */
function CloudPath() {
  return <path d="M7 18.5h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.2 9.1 4.7 4.7 0 0 0 7 18.5Z" />;
}

export function CloudOffIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <CloudPath />
      <path d="M4 4l16 16" />
    </StrokeIcon>
  );
}

export function CloudCheckIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <CloudPath />
      <path d="m9.5 13.5 2 2 3.5-3.5" />
    </StrokeIcon>
  );
}

/** Two arrows chasing each other: sending or fetching. */
export function SyncIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M20 12a8 8 0 0 1-13.7 5.6M4 12a8 8 0 0 1 13.7-5.6" />
      <path d="M18 3v3.6h-3.6M6 21v-3.6h3.6" />
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

export function SunIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </StrokeIcon>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
    </StrokeIcon>
  );
}

export function DeviceIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
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

/** Google's four-colour G, as Google's sign-in guidelines ask for it. */
export function GoogleIcon({ size = '1.25em', className }: IconProps) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false" className={className}>
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5Z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65Z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24s.92 7.54 2.56 10.78l7.97-6.19Z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48Z"
      />
    </svg>
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
