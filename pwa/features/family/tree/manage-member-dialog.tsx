import { useState } from 'react';
import { relationshipLabels, type RelationshipChoice } from '../../../../schema/choices.ts';
import { familyToasts } from '../../../../schema/family-messages.ts';
import type { MutationArgs, MutationName, SyncedFamily } from '../../../../schema/sync.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmActions } from '../../../ui/confirm-dialog.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { useSignedInUser } from '../../account/auth-store.ts';
import { useLocalWrite } from '../../device-session/use-local-write.ts';
import { personName } from '../person.tsx';
import type { FamilyMemberView } from '../use-family-members.ts';
import { relationshipOf } from './family-overview.ts';
import type { MemberActions } from './member-actions.ts';
import * as styles from './manage-member-dialog.css.ts';
import { ResetLinkSection } from './reset-link-section.tsx';

type ManageMemberDialogProps = {
  open: boolean;
  onClose: () => void;
  family: SyncedFamily;
  member: FamilyMemberView;
  /** Only what the viewer may do (member-actions.ts); the server checks again. */
  actions: MemberActions;
  /** The viewer's own membership. */
  self: boolean;
  /** Someone else was removed on the device: their row, with the button that opened this, is about to go. */
  onRemoved: () => void;
};

/**
 * Everything the viewer may change about one member, in one small dialog: how they are related, admin or not,
 * removing them, or (for oneself) leaving. Every change is saved on the device at once and sent when it can be.
 */
export function ManageMemberDialog({
  open,
  onClose,
  family,
  member,
  actions,
  self,
  onRemoved,
}: ManageMemberDialogProps) {
  const write = useLocalWrite();
  const viewerUserId = useSignedInUser().id;
  // Removing someone, or leaving, is asked about first, in place of the dialog's choices.
  const [confirming, setConfirming] = useState(false);
  const [relationship, setRelationship] = useState<RelationshipChoice>(relationshipOf(member));
  const [saving, setSaving] = useState(false);
  // Back from a confirmation, focus returns to the button that asked for it instead of getting lost.
  const [cameBack, setCameBack] = useState(false);
  const name = personName(member.user);

  function back() {
    setConfirming(false);
    setCameBack(true);
  }

  /** Saves one change. Removing and leaving close the dialog first: the member (or the family) is about to go. */
  async function save<N extends MutationName>(mutation: N, args: MutationArgs<N>, closeFirst = false) {
    if (saving) return false;
    setSaving(true);
    if (closeFirst) onClose();
    try {
      const outcome = await write(mutation, args);
      // Ids and choices come from the device's own rows, so the shared schema has nothing to refuse.
      if (!outcome.saved) throw new Error(`${mutation} refused: ${JSON.stringify(outcome.fieldErrors)}`);
      if (!closeFirst) onClose();
      return true;
    } catch (error) {
      console.error('Could not save the family change on this device', error);
      toast({ ...familyToasts.changeFailed, variant: 'destructive' });
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function removeMembership() {
    if (!(await save('member.remove', { memberId: member.id, familyId: member.familyId }, true))) return;
    if (self) toast(familyToasts.leftFamily(family.name));
    else onRemoved();
  }

  if (confirming) {
    // One's own membership is left; anyone else's is removed by an admin (member-actions.ts).
    const question = self
      ? {
          title: `Leave ${family.name}?`,
          description:
            "You'll no longer see the family's posts, photos, events or chat, and they'll be removed from this " +
            "device. To come back, you'll need a new invite link.",
          confirmLabel: 'Leave family',
        }
      : {
          title: `Remove ${name}?`,
          description:
            `${name} will no longer see the family's posts, photos, events or chat. ` +
            'You can invite them again any time.',
          confirmLabel: 'Remove from family',
        };
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title={question.title}
        description={question.description}
        actions={
          <ConfirmActions
            confirmLabel={question.confirmLabel}
            onCancel={back}
            onConfirm={() => void removeMembership()}
            disabled={saving}
          />
        }
      />
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title={self ? 'Your membership' : name} description={family.name}>
      {actions.relationshipChoices ? (
        <form
          className={styles.relationship}
          onSubmit={(event) => {
            event.preventDefault();
            void save('member.setRelationship', {
              memberId: member.id,
              familyId: member.familyId,
              relationshipType: relationship,
            });
          }}
        >
          <SelectField
            label={relationshipQuestion(member, self, viewerUserId)}
            options={actions.relationshipChoices.map((type) => ({ value: type, label: relationshipLabels[type] }))}
            value={relationship}
            onChange={(event) => setRelationship(event.target.value as RelationshipChoice)}
          />
          <Button type="submit" className={styles.start} disabled={saving || relationship === relationshipOf(member)}>
            Save
          </Button>
        </form>
      ) : null}

      {actions.role ? (
        <div className={styles.choice}>
          <p className={styles.note}>
            {actions.role === 'makeAdmin'
              ? 'Admins can rename the family, make others admins and remove members.'
              : `${self ? 'You' : name} will stay in the family as a member.`}
          </p>
          <Button
            variant="secondary"
            disabled={saving}
            onClick={() =>
              void save('member.setRole', {
                memberId: member.id,
                familyId: member.familyId,
                role: actions.role === 'makeAdmin' ? 'admin' : 'member',
              })
            }
          >
            {actions.role === 'makeAdmin' ? 'Make admin' : 'Remove admin'}
          </Button>
        </div>
      ) : null}

      {actions.resetLink ? <ResetLinkSection familyId={family.id} memberId={member.id} name={name} /> : null}

      {actions.remove || actions.leave === 'allowed' ? (
        <div className={styles.choice}>
          <Button variant="danger" autoFocus={cameBack} onClick={() => setConfirming(true)}>
            {self ? 'Leave family' : 'Remove from family'}
          </Button>
        </div>
      ) : actions.leave ? (
        <div className={styles.choice}>
          <p className={styles.note}>
            {actions.leave === 'lastAdmin'
              ? `You're the only admin of ${family.name}. To leave, first make someone else an admin.`
              : `You're the only one in ${family.name} so far. To leave, first invite someone and make them an admin.`}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * Asked about the same person as when they joined (decision 0062): the change keeps whom the relationship is to.
 * "You are Rose Miller's…", "Maya is your…", "David is Rose Miller's…".
 */
function relationshipQuestion(member: FamilyMemberView, self: boolean, viewerUserId: string): string {
  const name = personName(member.user);
  if (!member.relativeToId) return self ? "How you're related" : `How ${name} is related`;
  const anchor = member.relativeToId === viewerUserId ? 'your' : `${personName(member.relativeTo)}'s`;
  return `${self ? 'You are' : `${name} is`} ${anchor}…`;
}
