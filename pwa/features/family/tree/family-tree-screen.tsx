import { Suspense, useRef, type ReactNode } from 'react';
import type { SyncedFamily } from '../../../../schema/sync.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import * as headerStyles from '../../../ui/page-header-row.css.ts';
import { PageHeader } from '../../../ui/page.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useSignedInUser } from '../../account/auth-store.ts';
import { useDialogState } from '../../../ui/use-dialog-state.ts';
import { NotSentList } from '../../device-session/not-sent-list.tsx';
import { usePendingIds } from '../../device-session/use-sync-state.ts';
import { FamilyScreen } from '../family-screen.tsx';
import { InviteFamilyButton } from '../invite/invite-family-button.tsx';
import { relationshipsSeenBy, useFamilyMembers, type FamilyMemberView } from '../use-family-members.ts';
import { usePhotoCountsByPerson } from '../../photos/photo-tags.ts';
import { familyOverview, groupByRelationship } from './family-overview.ts';
import { FamilyOverviewCard } from './family-overview-card.tsx';
import { FamilyTreeIcon } from './family-tree-icon.tsx';
import * as styles from './family-tree-screen.css.ts';
import { hasMemberActions, memberActions } from './member-actions.ts';
import { RelationshipGroupCard } from './relationship-group.tsx';
import { LightbulbIcon, LockIcon } from './tree-icons.tsx';

/** Managing is occasional: its dialogs' code is fetched when someone reaches for them, not with the tree. */
const manageMemberDialog = preloadable(() =>
  import('./manage-member-dialog.tsx').then(({ ManageMemberDialog }) => ManageMemberDialog),
);
const frameDialog = preloadable(() => import('../frame/frame-dialog.tsx').then(({ FrameDialog }) => FrameDialog));
const renameFamilyDialog = preloadable(() =>
  import('./rename-family-dialog.tsx').then(({ RenameFamilyDialog }) => RenameFamilyDialog),
);

/** The Family Tree (product.md §2): the selected family's members grouped by how they are related, from the device. */
export function FamilyTreeScreen() {
  return (
    <FamilyScreen
      title="Family Tree"
      icon={<FamilyTreeIcon size="2rem" />}
      noFamilyText="Join a family group to view your family tree. Ask a relative for an invite link, or start your own family below."
      loading={<LoadingTree />}
    >
      {/* Started afresh per family: switching families leaves no dialog open for the one left behind. */}
      {(family) => <FamilyTree family={family} />}
    </FamilyScreen>
  );
}

function LoadingTree() {
  return (
    <div role="status" className={styles.loading}>
      <Spinner />
      Loading family tree...
    </div>
  );
}

/** The tree with nothing to show yet, with its own picture. */
function EmptyTree(props: { title: string; text: string; children?: ReactNode }) {
  return <EmptyState icon={<FamilyTreeIcon size="2rem" />} {...props} />;
}

function FamilyTree({ family }: { family: SyncedFamily }) {
  const user = useSignedInUser();
  const members = useFamilyMembers(family.id);
  const photoCounts = usePhotoCountsByPerson(family.id);
  const waitingIds = usePendingIds('members');
  // Each opening mounts them afresh (keyed by `opening`), so neither shows the last opening's half-filled state.
  const manage = useDialogState<FamilyMemberView>();
  const rename = useDialogState();
  const frame = useDialogState();
  const membersRef = useRef<HTMLElement>(null);

  const relationships = relationshipsSeenBy(user.id, members ?? []);
  const viewerIsAdmin = members?.some((member) => member.userId === user.id && member.role === 'admin') ?? false;
  const actionsFor = (member: FamilyMemberView) =>
    memberActions({
      viewerUserId: user.id,
      target: member,
      members: members ?? [],
      familyCreatorId: family.createdById,
    });
  // The dialog follows the member's live row; once they are gone (removed meanwhile) it keeps the last one it had.
  const managed = manage.state && {
    ...manage.state,
    member: members?.find((member) => member.id === manage.state?.subject.id) ?? manage.state.subject,
  };

  return (
    <>
      <div className={headerStyles.headerRow}>
        <PageHeader title="Family Tree" lead={family.name} />
        <div className={headerStyles.headerActions}>
          <InviteFamilyButton familyId={family.id} familyName={family.name} />
          {viewerIsAdmin ? (
            <Button
              variant="secondary"
              aria-haspopup="dialog"
              onPointerEnter={() => void renameFamilyDialog.preload()}
              onFocus={() => void renameFamilyDialog.preload()}
              onClick={() => rename.show()}
            >
              Rename family
            </Button>
          ) : null}
          {viewerIsAdmin ? (
            <Button
              variant="secondary"
              aria-haspopup="dialog"
              onPointerEnter={() => void frameDialog.preload()}
              onFocus={() => void frameDialog.preload()}
              onClick={() => frame.show()}
            >
              Photo frame
            </Button>
          ) : null}
        </div>
      </div>
      <NotSentList />

      {members === undefined ? (
        <LoadingTree />
      ) : members.length === 0 ? (
        <EmptyTree title="No Family Members" text="Invite your family to start growing your tree.">
          <InviteFamilyButton familyId={family.id} familyName={family.name} label="Invite Family Members" />
        </EmptyTree>
      ) : (
        <>
          <FamilyOverviewCard overview={familyOverview(family, members, new Date())} />
          <section
            ref={membersRef}
            tabIndex={-1}
            aria-labelledby="family-members-title"
            className={styles.membersSection}
          >
            <h2 id="family-members-title" className={styles.sectionTitle}>
              Family Members
            </h2>
            <div className={styles.groups}>
              {groupByRelationship(members).map((group) => (
                <RelationshipGroupCard
                  key={group.type}
                  group={group}
                  viewerUserId={user.id}
                  relationships={relationships}
                  waitingIds={waitingIds}
                  canManage={(member) => hasMemberActions(actionsFor(member))}
                  onManage={manage.show}
                  onManageIntent={() => void manageMemberDialog.preload()}
                  photoCounts={photoCounts}
                />
              ))}
            </div>
          </section>
        </>
      )}

      <TreeTips familyName={family.name} />

      {managed ? (
        <Suspense fallback={null}>
          <manageMemberDialog.Component
            key={managed.opening}
            open={managed.open}
            onClose={manage.close}
            family={family}
            member={managed.member}
            actions={actionsFor(managed.member)}
            self={managed.member.userId === user.id}
            onRemoved={() => membersRef.current?.focus()}
          />
        </Suspense>
      ) : null}
      {rename.state ? (
        <Suspense fallback={null}>
          <renameFamilyDialog.Component
            key={rename.state.opening}
            open={rename.state.open}
            onClose={rename.close}
            family={family}
          />
        </Suspense>
      ) : null}
      {frame.state ? (
        <Suspense fallback={null}>
          <frameDialog.Component
            familyId={family.id}
            familyName={family.name}
            open={frame.state.open}
            onClose={frame.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Static help and the privacy promise (product.md §2; product.md's wording). */
function TreeTips({ familyName }: { familyName: string }) {
  return (
    <div className={styles.about}>
      <Card as="section" padding="md" aria-labelledby="tree-tips-title" className={styles.section}>
        <h2 id="tree-tips-title" className={styles.aboutTitle}>
          <span className={styles.titleIcon}>
            <LightbulbIcon />
          </span>
          Family Tree Tips
        </h2>
        <ul className={styles.tips}>
          <li>
            Invite grandparents, cousins and everyone in between. Each person says how they're related to whoever
            invited them, and everyone sees it from their own side.
          </li>
          <li>To change how you're related, choose Manage next to your name.</li>
          <li>Admins look after the family: they can rename it, make others admins and remove members.</li>
        </ul>
      </Card>
      <Card as="section" padding="md" aria-labelledby="tree-privacy-title" className={styles.section}>
        <h2 id="tree-privacy-title" className={styles.aboutTitle}>
          <span className={styles.titleIcon}>
            <LockIcon />
          </span>
          Your Family's Privacy
        </h2>
        <p className={styles.aboutText}>
          Only the members of {familyName} can see this tree. Private by design: no ads, no data selling, no trackers,
          nothing leaves your family.
        </p>
      </Card>
    </div>
  );
}
