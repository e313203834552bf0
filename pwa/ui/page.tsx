import type { ReactNode } from 'react';
import * as styles from './page.css.ts';

/** The column a screen sits in, centred, with the same gutters everywhere. */
export function Page({ width = 'default', children }: { width?: keyof typeof styles.pageWidth; children: ReactNode }) {
  return <div className={styles.pageWidth[width]}>{children}</div>;
}

/** A screen's one h1 with an optional line under it. */
export function PageHeader({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </header>
  );
}
