import { useState } from 'react';
import { rejections } from '../../../schema/rejections.ts';
import type { HearthDb, RefusedWrite } from '../../db/hearth-db.ts';
import { describeMutation } from '../../sync/local-mutators.ts';
import { excerpt } from '../../sync/mutators/local-mutator.ts';
import { Button } from '../../ui/button.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { useHearthDb } from './device-session-store.ts';
import * as styles from './refused-write-list.css.ts';

/** Retry and Discard need the write module (and zod with it): fetched on the click, not with the feed. */
function onRefusedWrite(action: 'retryRefused' | 'discardRefused', db: HearthDb, id: number) {
  return () =>
    void import('../../sync/write.ts').then(async (writes) => {
      await writes[action](db, id);
    });
}

/** Refusals that sending again cannot change: what the write was about is gone, or the person is no longer there. */
const targetGone = new Set<string>([
  rejections.postNotFound,
  rejections.commentNotFound,
  rejections.memberNotFound,
  rejections.notMember,
]);

/** The words a refused write carried (a post, a comment), so they can be kept when the write cannot be. */
function writtenText({ args }: RefusedWrite): string | null {
  return 'content' in args && typeof args.content === 'string' ? args.content : null;
}

/**
 * Writes the server refused for good, each with its reason, Retry and Discard. Nothing a person wrote disappears
 * silently: it stays here, with its words, until they decide. When retrying cannot help (the post was deleted), Retry
 * gives way to Copy text, so the words can go somewhere else.
 */
export function RefusedWriteList({ rejected }: { rejected: RefusedWrite[] }) {
  const db = useHearthDb();
  return (
    <section className={styles.section} aria-labelledby="not-sent-title">
      <h2 id="not-sent-title" className={styles.title}>
        <AlertIcon />
        Not sent
      </h2>
      <ul className={styles.list}>
        {rejected.map((entry) => {
          const gone = targetGone.has(entry.reason);
          const text = gone ? writtenText(entry) : null;
          return (
            <li key={entry.id} className={styles.item}>
              <p className={styles.what}>{describeMutation(entry)}</p>
              <p className={styles.reason}>Not sent: {entry.reason}</p>
              {/* The description quotes only the start of a long text: the whole of it, to select and keep. */}
              {text !== null && excerpt(text) !== text ? <blockquote className={styles.text}>{text}</blockquote> : null}
              <div className={styles.actions}>
                {gone ? (
                  text !== null ? (
                    <CopyTextButton text={text} />
                  ) : null
                ) : (
                  <Button variant="secondary" onClick={onRefusedWrite('retryRefused', db, entry.id)}>
                    Retry
                  </Button>
                )}
                <Button variant="ghost" onClick={onRefusedWrite('discardRefused', db, entry.id)}>
                  Discard
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Copies the words to the clipboard and says so on the button itself (a toast could sit under a dialog). */
function CopyTextButton({ text }: { text: string }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <Button variant="secondary" onClick={copy} aria-live="polite">
      {copied === 'yes' ? 'Copied' : copied === 'failed' ? "Couldn't copy" : 'Copy text'}
    </Button>
  );
}
