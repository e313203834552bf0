import type { ReactNode } from 'react';
import { CheckIcon } from '../../../ui/icons.tsx';
import * as styles from './benefit-list.css.ts';

export type Benefit = {
  /** A short bold line; optional, for plain bullets. */
  title?: string;
  text: ReactNode;
};

type BenefitListProps = {
  items: readonly Benefit[];
  /** Side by side from tablet width (2) or desktop width (3). */
  columns?: 1 | 2 | 3;
};

/** A list of benefits or bullets, each behind a check mark. */
export function BenefitList({ items, columns = 1 }: BenefitListProps) {
  return (
    <ul className={styles.columns[columns]}>
      {items.map((benefit, index) => (
        <li key={benefit.title ?? index} className={styles.item}>
          <span className={styles.check}>
            <CheckIcon size="1rem" />
          </span>
          <span className={styles.body}>
            {benefit.title ? <strong className={styles.title}>{benefit.title}</strong> : null}
            <span className={benefit.title ? styles.text : undefined}>{benefit.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
