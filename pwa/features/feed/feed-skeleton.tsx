import { syncStatusStore } from '../device-session/sync-status-store.ts';
import * as styles from './feed-skeleton.css.ts';

/** Three placeholder posts (product.md §9) while a new device fetches its family for the first time. */
export function FeedSkeleton() {
  const { online } = syncStatusStore.use();
  return (
    <div className={styles.skeleton} role="status">
      <p className={styles.caption}>
        {online ? "Getting your family's news…" : "You're offline. Your family's news will arrive when you reconnect."}
      </p>
      {[0, 1, 2].map((index) => (
        <div key={index} className={styles.post} aria-hidden="true">
          <div className={styles.byline}>
            <span className={styles.avatar} />
            <span className={styles.lineShort} />
          </div>
          <span className={styles.line} />
          <span className={styles.lineMedium} />
        </div>
      ))}
    </div>
  );
}
