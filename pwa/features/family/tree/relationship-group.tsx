import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatLongDate } from '../../../lib/format-date.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { WaitingMarker } from '../../device-session/waiting-marker.tsx';
import { MarkedMemberName } from '../member-markers.tsx';
import * as titledCard from '../titled-card.css.ts';
import { PersonAvatar, personName } from '../person.tsx';
import type { FamilyMemberView } from '../use-family-members.ts';
import { memberCountLabel, type RelationshipGroup } from './family-overview.ts';
import * as styles from './relationship-group.css.ts';

type RelationshipGroupCardProps = {
  group: RelationshipGroup<FamilyMemberView>;
  viewerUserId: string;
  /** How each member reads to the viewer, by member id (use-family-members.ts `relationshipsSeenBy`). */
  relationships: ReadonlyMap<string, string>;
  /** Members with a change this device has not sent yet. */
  waitingIds: ReadonlySet<string> | undefined;
  /** Whether the viewer may do anything about this member (their Manage button shows only then). */
  canManage: (member: FamilyMemberView) => boolean;
  onManage: (member: FamilyMemberView) => void;
  /** Fetches the Manage dialog's code as soon as a Manage button is pointed at or focused. */
  onManageIntent: () => void;
  /** How many of the family's photos each person is tagged in: those with any offer "Photos of …". */
  photoCounts: ReadonlyMap<string, number> | undefined;
};

/** One relationship group of the tree, in its own colour, with a count badge and its members. */
export function RelationshipGroupCard({
  group,
  viewerUserId,
  relationships,
  waitingIds,
  canManage,
  onManage,
  onManageIntent,
  photoCounts,
}: RelationshipGroupCardProps) {
  const titleId = useId();
  return (
    <Card
      as="section"
      padding="md"
      aria-labelledby={titleId}
      className={[styles.group, styles.groupTone[group.type]].join(' ')}
    >
      <div className={titledCard.titleRow}>
        <h3 id={titleId} className={titledCard.title}>
          {group.label}
        </h3>
        <span className={styles.count}>{memberCountLabel(group.members.length)}</span>
      </div>
      <ul className={styles.list}>
        {group.members.map((member) => {
          const self = member.userId === viewerUserId;
          const name = personName(member.user);
          const photos = photoCounts?.get(member.userId) ?? 0;
          return (
            <li key={member.id} className={styles.member}>
              <PersonAvatar user={member.user} />
              <div className={styles.memberText}>
                <MarkedMemberName name={name} isYou={self} isAdmin={member.role === 'admin'} adminBadge />
                <span className={styles.relationship}>{relationships.get(member.id)}</span>
                <span className={styles.detail}>
                  Joined <time dateTime={member.joinedAt}>{formatLongDate(member.joinedAt)}</time>
                </span>
                {photos > 0 ? (
                  <Link to="/photos" search={{ person: member.userId }} className={styles.photosLink}>
                    {self ? 'Photos of you' : `Photos of ${name}`} ({photos})
                  </Link>
                ) : null}
                {waitingIds?.has(member.id) ? <WaitingMarker /> : null}
              </div>
              {canManage(member) ? (
                <Button
                  variant="secondary"
                  className={styles.manage}
                  aria-haspopup="dialog"
                  aria-label={self ? 'Manage your membership' : `Manage ${name}`}
                  onPointerEnter={onManageIntent}
                  onFocus={onManageIntent}
                  onClick={() => onManage(member)}
                >
                  Manage
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
