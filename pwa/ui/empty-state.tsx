import { useId, type ReactNode } from 'react';
import { Card } from './card.tsx';
import * as styles from './empty-state.css.ts';
import * as noticeStyles from './notice.css.ts';

type EmptyStateProps = { icon: ReactNode; title: string; text: string; children?: ReactNode };

/** A screen with nothing to show yet: what is missing, in its own words, and the way on when there is one. */
export function EmptyState({ icon, title, text, children }: EmptyStateProps) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId} className={styles.emptyState}>
      <span className={noticeStyles.badge}>{icon}</span>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <p className={styles.text}>{text}</p>
      {children}
    </Card>
  );
}
