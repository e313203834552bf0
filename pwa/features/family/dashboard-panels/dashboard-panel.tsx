import { useId, type ReactNode } from 'react';
import { Card } from '../../../ui/card.tsx';
import * as styles from '../titled-card.css.ts';

/** One of the home dashboard's side panels: a titled card, with an optional link beside the title. */
export function DashboardPanel({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card as="section" padding="md" aria-labelledby={titleId} className={styles.card}>
      <div className={styles.titleRow}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}
