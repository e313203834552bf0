import type { ReactNode } from 'react';
import { Card } from '../../../ui/card.tsx';
import { CrownIcon } from '../member-markers.tsx';
import type { FamilyOverview } from './family-overview.ts';
import { FamilyTreeIcon } from './family-tree-icon.tsx';
import * as styles from './family-tree-screen.css.ts';
import { CalendarIcon, PeopleIcon } from './tree-icons.tsx';

/** The Family Overview card (product.md §2): four figures, each read with its label. */
export function FamilyOverviewCard({ overview }: { overview: FamilyOverview }) {
  return (
    <Card as="section" aria-labelledby="family-overview-title" className={styles.section}>
      <h2 id="family-overview-title" className={styles.sectionTitle}>
        Family Overview
      </h2>
      <dl className={styles.stats}>
        <Stat icon={<PeopleIcon />} label="Total Members" value={overview.totalMembers} />
        <Stat
          icon={<FamilyTreeIcon />}
          label={['Relationship Type', 'Relationship Types']}
          value={overview.relationshipTypes}
        />
        <Stat icon={<CrownIcon />} label={['Family Admin', 'Family Admins']} value={overview.familyAdmins} />
        <Stat icon={<CalendarIcon />} label={['Year Connected', 'Years Connected']} value={overview.yearsConnected} />
      </dl>
    </Card>
  );
}

/**
 * The label comes first for screen readers ("Total Members, 5"); on screen the figure sits above it, so the label
 * agrees with it ("1 Year Connected"). A label given as [one, many] is said in the singular for 1.
 */
function Stat({ icon, label, value }: { icon: ReactNode; label: string | [string, string]; value: number }) {
  const [one, many] = typeof label === 'string' ? [label, label] : label;
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{value === 1 ? one : many}</dt>
      <dd className={styles.statValue}>
        <span className={styles.statIcon}>{icon}</span>
        {value.toLocaleString('en-GB')}
      </dd>
    </div>
  );
}
