import type { ReactNode } from 'react';
import { ArrowRightIcon } from '../../../ui/icons.tsx';
import * as styles from './feature-grid.css.ts';
import { SiteLink } from './site-link.tsx';

export type Feature = {
  title: string;
  text: ReactNode;
  /** A small illustration under /art ("/art/feature-photos.svg"), decorative. */
  image?: string;
  /** Or an icon from ui/icons, shown in a soft tile. */
  icon?: ReactNode;
  /** A page of this site; the whole card then leads there. */
  href?: string;
  /** The link's visible words; screen readers hear them with the card's title. Defaults to "Learn more". */
  linkLabel?: string;
};

type FeatureGridProps = {
  features: readonly Feature[];
  /** How many cards side by side on wide screens: one on phones, two from tablet width. */
  columns?: 2 | 3 | 4;
};

/** Cards with a title and a few words each, as a list; a card with `href` is a link as a whole. */
export function FeatureGrid({ features, columns = 3 }: FeatureGridProps) {
  return (
    <ul className={styles.columns[columns]}>
      {features.map((feature) => (
        <li key={feature.title}>
          <FeatureCard feature={feature} />
        </li>
      ))}
    </ul>
  );
}

function FeatureCard({ feature }: { feature: Feature }) {
  const { title, text, image, icon, href, linkLabel = 'Learn more' } = feature;
  return (
    <article className={href ? `${styles.card} ${styles.linkedCard}` : styles.card}>
      {image || icon ? (
        <div className={styles.visual}>
          {image ? (
            <img src={image} alt="" width={72} height={72} loading="lazy" className={styles.image} />
          ) : (
            <span className={styles.iconBadge}>{icon}</span>
          )}
        </div>
      ) : null}
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.text}>{text}</p>
      {href ? (
        <SiteLink href={href} className={styles.link} aria-label={`${linkLabel}: ${title}`}>
          {linkLabel}
          <ArrowRightIcon size="1.1em" />
        </SiteLink>
      ) : null}
    </article>
  );
}
