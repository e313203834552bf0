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

/**
 * A member's name in the family's lists, with "You" after one's own and the admin's crown after an admin's (with the
 * word too when `adminBadge`).
 */
export function MarkedMemberName({
  name,
  isYou,
  isAdmin,
  adminBadge = false,
}: {
  name: string;
  isYou: boolean;
  isAdmin: boolean;
  adminBadge?: boolean;
}) {
  return (
    <span className={styles.markedName}>
      {name}
      {isYou ? <span className={styles.you}>You</span> : null}
      {isAdmin ? <AdminMarker badge={adminBadge} /> : null}
    </span>
  );
}

/**
 * A family admin (product.md §3: a crown and an Admin badge). `badge` shows the word too; the compact crown alone still
 * says "Family Admin" to screen readers and on hover.
 */
function AdminMarker({ badge = false }: { badge?: boolean }) {
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
