import { ClockIcon } from '../../ui/icons.tsx';
import * as styles from './waiting-marker.css.ts';

/** On something saved on this device that the server has not received yet (a post, a comment, a member's change). */
export function WaitingMarker() {
  return (
    <span className={styles.marker}>
      <ClockIcon size="1rem" />
      Waiting to send
    </span>
  );
}
