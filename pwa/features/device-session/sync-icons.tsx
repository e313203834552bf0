import { StrokeIcon, type IconProps } from '../../ui/icons.tsx';

/* The sync indicator's pictures, drawn like ui/icons.tsx; kept with it so visitors never download them. */

/** A cloud: crossed out it says "offline", with a tick "all sent". */
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
