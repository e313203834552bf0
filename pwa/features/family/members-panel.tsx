import { display } from '../../../schema/limits.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { useSignedInUser } from '../account/auth-store.ts';
import { DashboardPanel } from './dashboard-panels/dashboard-panel.tsx';
import { InviteFamilyButton } from './invite/invite-family-button.tsx';
import { MarkedMemberName } from './member-markers.tsx';
import * as styles from './members-panel.css.ts';
import { PersonAvatar, personName } from './person.tsx';
import { relationshipsSeenBy, useFamilyMembers } from './use-family-members.ts';

/**
 * The home dashboard's first few members (product.md §9: five), with View All leading to the family tree when there are
 * more, and the way to invite the rest: a family just made has one member, and the home is where its maker lands.
 */
export function MembersPanel({ family }: { family: { id: string; name: string } }) {
  const user = useSignedInUser();
  const members = useFamilyMembers(family.id);
  const relationships = relationshipsSeenBy(user.id, members ?? []);
  const more = members !== undefined && members.length > display.membersBeforeViewAll;
  return (
    <DashboardPanel
      title="Family Members"
      action={
        more ? (
          <ButtonLink to="/family-tree" variant="ghost" aria-label={`View all ${members.length} family members`}>
            View All
          </ButtonLink>
        ) : null
      }
    >
      {members === undefined ? null : (
        <ul className={styles.list}>
          {members.slice(0, display.membersBeforeViewAll).map((member) => (
            <li key={member.id} className={styles.member}>
              <PersonAvatar user={member.user} size="sm" />
              <div className={styles.text}>
                <MarkedMemberName
                  name={personName(member.user)}
                  isYou={member.userId === user.id}
                  isAdmin={member.role === 'admin'}
                />
                <span className={styles.relationship}>{relationships.get(member.id)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <InviteFamilyButton familyId={family.id} familyName={family.name} variant="secondary" />
    </DashboardPanel>
  );
}
