import type { HearthDb } from '../../db/hearth-db.ts';
import { describeMutation } from '../../sync/local-mutators.ts';
import { useRefusedWrites } from './use-sync-state.ts';
import { Button } from '../../ui/button.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { useHearthDb } from './device-session-store.ts';
import * as styles from './not-sent-list.css.ts';

/** Retry and Discard need the write module (and zod with it): fetched on the click, not with the feed. */
function onRefusedWrite(action: 'retryRefused' | 'discardRefused', db: HearthDb, id: number) {
  return () => void import('../../sync/write.ts').then(async (writes) => {
    await writes[action](db, id);
  });
}

/**
 * Writes the server refused for good, each with its reason, Retry and Discard. Nothing a person wrote disappears
 * silently: it stays here, with its words, until they decide.
 */
export function NotSentList() {
  const db = useHearthDb();
  const rejected = useRefusedWrites();
  if (!rejected || rejected.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="not-sent-title">
      <h2 id="not-sent-title" className={styles.title}>
        <AlertIcon />
        Not sent
      </h2>
      <ul className={styles.list}>
        {rejected.map((entry) => (
          <li key={entry.id} className={styles.item}>
            <p className={styles.what}>{describeMutation(entry)}</p>
            <p className={styles.reason}>Not sent: {entry.reason}</p>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={onRefusedWrite('retryRefused', db, entry.id)}>
                Retry
              </Button>
              <Button variant="ghost" onClick={onRefusedWrite('discardRefused', db, entry.id)}>
                Discard
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
