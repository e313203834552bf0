import { StrokeIcon, type IconProps } from '../../ui/icons.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import * as styles from './member-markers.css.ts';

/** Drawn like ui/icons.tsx; kept with the family's screens so visitors never download it. */
export function CrownIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 8.5 8 12l4-6.5 4 6.5 4-3.5-1.5 10h-13L4 8.5Z" />
    </StrokeIcon>
  );
}

/** Next to one's own name in the family's lists. */
export function YouMarker() {
  return <span className={styles.you}>You</span>;
}

/**
 * A family admin (spec §3: a crown and an Admin badge). `badge` shows the word too; the compact crown alone still
 * says "Family Admin" to screen readers and on hover.
 */
export function AdminMarker({ badge = false }: { badge?: boolean }) {
  return badge ? (
    <span className={styles.adminBadge}>
      <CrownIcon size="1rem" />
      Admin
    </span>
  ) : (
    <span className={styles.crown} title="Family Admin">
      <CrownIcon size="1rem" />
      <span className={visuallyHidden}>Family Admin</span>
    </span>
  );
}
