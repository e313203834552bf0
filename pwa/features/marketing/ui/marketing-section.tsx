import { useId, type ReactNode } from 'react';
import { container, eyebrow as eyebrowStyle } from './layout.css.ts';
import * as styles from './marketing-section.css.ts';

type MarketingSectionProps = {
  /** The anchor other pages link to ("features" for /#features). */
  id?: string;
  /** The section's h2, which also names the section for screen readers. */
  title: ReactNode;
  /** A short line above the title. */
  eyebrow?: ReactNode;
  /** A paragraph under the title. */
  lead?: ReactNode;
  /** Tinted sections sit on a surface with hairlines above and below; alternate them to pace a long page. */
  tone?: keyof typeof styles.tone;
  /** Centre the title and lead (the content below keeps its own layout). */
  centered?: boolean;
  /** Extra styles for the band itself (a full-bleed strip inside it may need `overflowX: 'clip'`). */
  className?: string;
  children?: ReactNode;
};

/** One band of a marketing page: an h2 with an optional anchor, eyebrow and lead, then its content. */
export function MarketingSection({
  id,
  title,
  eyebrow,
  lead,
  tone = 'plain',
  centered = false,
  className,
  children,
}: MarketingSectionProps) {
  const titleId = useId();
  return (
    <section id={id} aria-labelledby={titleId} className={[styles.tone[tone], className].filter(Boolean).join(' ')}>
      <div className={`${container} ${styles.inner}`}>
        <div className={centered ? styles.headerCentered : styles.header}>
          {eyebrow ? <p className={eyebrowStyle}>{eyebrow}</p> : null}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
