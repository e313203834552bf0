import type { HearthDb } from '../../db/hearth-db.ts';
import { describeMutation } from '../../sync/local-mutators.ts';
import { useRejectedWrites } from './use-sync-state.ts';
import { Button } from '../../ui/button.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { useHearthDb } from './device-session-store.ts';
import * as styles from './not-sent-list.css.ts';

/** Retry and Discard need the write module (and zod with it): fetched on the click, not with the feed. */
function onRejectedWrite(action: 'retryRejected' | 'discardRejected', db: HearthDb, seq: number) {
  return () => void import('../../sync/write.ts').then(async (writes) => {
    await writes[action](db, seq);
  });
}

/**
 * Writes the server refused for good, each with its reason, Retry and Discard. Nothing a person wrote disappears
 * silently: it stays here, with its words, until they decide.
 */
export function NotSentList() {
  const db = useHearthDb();
  const rejected = useRejectedWrites();
  if (!rejected || rejected.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="not-sent-title">
      <h2 id="not-sent-title" className={styles.title}>
        <AlertIcon />
        Not sent
      </h2>
      <ul className={styles.list}>
        {rejected.map((entry) => (
          <li key={entry.seq} className={styles.item}>
            <p className={styles.what}>{describeMutation(entry)}</p>
            <p className={styles.reason}>Not sent: {entry.reason}</p>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={onRejectedWrite('retryRejected', db, entry.seq)}>
                Retry
              </Button>
              <Button variant="ghost" onClick={onRejectedWrite('discardRejected', db, entry.seq)}>
                Discard
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
