import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Card } from '../../ui/card.tsx';
import { HearthMark } from '../../ui/icons.tsx';
import * as styles from './auth-layout.css.ts';

type AuthLayoutProps = {
  title: string;
  lead: string;
  /** Shown beside the form on wide screens and below it on phones: the form comes first. */
  aside?: ReactNode;
  children: ReactNode;
};

/** The frame of the login and signup pages: no navigation bar, just Hearth, a way home, and the form. */
export function AuthLayout({ title, lead, aside, children }: AuthLayoutProps) {
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <Link to="/" className={styles.brand}>
          <HearthMark />
          Hearth
        </Link>
        <Link to="/" className={styles.backLink}>
          Back to home
        </Link>
      </div>
      <div className={[styles.body, aside ? styles.bodyWithAside : undefined].filter(Boolean).join(' ')}>
        <Card as="section" className={styles.formCard} aria-labelledby="auth-title">
          <div className={styles.heading}>
            <h1 id="auth-title" className={styles.title}>
              {title}
            </h1>
            <p className={styles.lead}>{lead}</p>
          </div>
          {children}
        </Card>
        {aside}
      </div>
    </div>
  );
}
