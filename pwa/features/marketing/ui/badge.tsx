import type { ReactNode } from 'react';
import { badgeTone } from './badge.css.ts';

/** A small pill: "Coming Soon" (soft) or "Available now" (filled). Text, so it never relies on colour alone. */
export function Badge({ tone = 'soon', children }: { tone?: keyof typeof badgeTone; children: ReactNode }) {
  return <span className={badgeTone[tone]}>{children}</span>;
}
