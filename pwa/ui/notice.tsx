import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import * as styles from './notice.css.ts';

type NoticeProps = {
  icon: ReactNode;
  /** The page's h1. */
  title: string;
  children: ReactNode;
  actions: ReactNode;
};

/** A calm, centred card for pages that only have one thing to say: not found, sign in first, no access. */
export function Notice({ icon, title, children, actions }: NoticeProps) {
  return (
    <div className={styles.wrap}>
      <Card as="section" className={styles.card}>
        <span className={styles.badge}>{icon}</span>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>{children}</p>
        <div className={styles.actions}>{actions}</div>
      </Card>
    </div>
  );
}
