import { encode } from 'uqr';
import * as styles from './frame-dialog.css.ts';

/**
 * A QR code of `text` (decision 0061: the `uqr` encoder gives the grid), drawn as one SVG path: dark modules on a
 * light square whatever the theme, since cameras read dark on light. Its quiet zone is part of the square.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className={styles.qrCode}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="white" />
      <path d={path} fill="black" />
    </svg>
  );
}
