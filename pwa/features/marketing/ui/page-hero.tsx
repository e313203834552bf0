import type { ReactNode } from 'react';
import { actions, container } from './layout.css.ts';
import * as styles from './page-hero.css.ts';

export type HeroImage = {
  /**
   * The drawing as a data URL (`import art from '../art/hero-family.svg?inline'`). It is the largest thing at the
   * top of the page, so it comes inside the page itself: it paints with the first frame instead of queueing on a
   * slow phone connection behind the app's scripts (Lighthouse's LCP goal, docs/benchmarks.md).
   */
  src: string;
  /** Empty for a purely decorative picture. */
  alt?: string;
  width: number;
  height: number;
};

type PageHeroProps = {
  /** The page's one h1. */
  title: ReactNode;
  lead?: ReactNode;
  /** A short line above the title ("Private by design", a Coming Soon badge). */
  eyebrow?: ReactNode;
  /** Buttons under the lead: ButtonLink, Button. */
  actions?: ReactNode;
  /** A small line under the buttons. */
  note?: ReactNode;
  /** Drawn beside the text on wide screens, under it on phones; loaded at once, as it is at the top. */
  image?: HeroImage;
};

/** The top of a marketing page: title, a warm lead, the main actions and an illustration. */
export function PageHero({ title, lead, eyebrow, actions: heroActions, note, image }: PageHeroProps) {
  return (
    <header className={styles.hero}>
      <div className={`${container} ${image ? styles.inner : styles.innerTextOnly}`}>
        <div className={styles.text}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
          {heroActions ? <div className={`${actions} ${styles.actionsRow}`}>{heroActions}</div> : null}
          {note ? <p className={styles.note}>{note}</p> : null}
        </div>
        {image ? (
          <img
            src={image.src}
            alt={image.alt ?? ''}
            width={image.width}
            height={image.height}
            fetchPriority="high"
            className={styles.image}
          />
        ) : null}
      </div>
    </header>
  );
}
