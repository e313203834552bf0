import { useState } from 'react';
import { formatExactDateTime, formatRelativeTime } from '../../lib/format-date.ts';
import { useMinuteClock } from './minute-clock.ts';
import * as styles from './relative-time.css.ts';

/**
 * When something was written, as people say it ("2 hours ago"). The exact moment shows on hover (its title) and, for
 * touch screens and keyboards, in place of it after a tap or Enter; another tap goes back.
 */
export function RelativeTime({ at }: { at: string }) {
  const now = useMinuteClock();
  const [showExact, setShowExact] = useState(false);
  const exact = formatExactDateTime(at);
  return (
    <button type="button" className={styles.toggle} title={exact} onClick={() => setShowExact((shown) => !shown)}>
      <time dateTime={at}>{showExact ? exact : formatRelativeTime(at, now)}</time>
    </button>
  );
}
