import type { ReactNode } from 'react';
import { Card } from '../../../ui/card.tsx';
import { CrownIcon } from '../member-markers.tsx';
import type { FamilyOverview } from './family-overview.ts';
import { FamilyTreeIcon } from './family-tree-icon.tsx';
import * as styles from './family-tree-screen.css.ts';
import { CalendarIcon, PeopleIcon } from './tree-icons.tsx';

/** The Family Overview card (spec §2): four figures, each read with its label. */
export function FamilyOverviewCard({ overview }: { overview: FamilyOverview }) {
  return (
    <Card as="section" aria-labelledby="family-overview-title" className={styles.section}>
      <h2 id="family-overview-title" className={styles.sectionTitle}>
        Family Overview
      </h2>
      <dl className={styles.stats}>
        <Stat icon={<PeopleIcon />} label="Total Members" value={overview.totalMembers} />
        <Stat icon={<FamilyTreeIcon />} label="Relationship Types" value={overview.relationshipTypes} />
        <Stat icon={<CrownIcon />} label="Family Admins" value={overview.familyAdmins} />
        <Stat icon={<CalendarIcon />} label="Years Connected" value={overview.yearsConnected} />
      </dl>
    </Card>
  );
}

/** The label comes first for screen readers ("Total Members, 5"); on screen the figure sits above it. */
function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue}>
        <span className={styles.statIcon}>{icon}</span>
        {value.toLocaleString('en-GB')}
      </dd>
    </div>
  );
}
