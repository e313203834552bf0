import { useState } from 'react';
import { relationshipLabels, type RelationshipChoice } from '../../../../schema/choices.ts';
import { toasts } from '../../../../schema/messages.ts';
import type { MutationArgs, MutationName, SyncedFamily } from '../../../../schema/sync.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { useLocalWrite } from '../../sync/use-local-write.ts';
import { memberName, type FamilyMemberView } from '../use-family-members.ts';
import { relationshipOf } from './family-overview.ts';
import type { MemberActions } from './member-actions.ts';
import * as styles from './manage-member-dialog.css.ts';
import { familyToasts } from '../../../../schema/family-messages.ts';

type ManageMemberDialogProps = {
  open: boolean;
  onClose: () => void;
  family: SyncedFamily;
  member: FamilyMemberView;
  /** Only what the viewer may do (member-actions.ts); the server checks again. */
  actions: MemberActions;
  /** The viewer's own membership. */
  self: boolean;
};

type Step = 'choose' | 'confirmRemove' | 'confirmLeave';

/**
 * Everything the viewer may change about one member, in one small dialog: how they are related, admin or not,
 * removing them, or (for oneself) leaving. Every change is saved on the device at once and sent when it can be.
 */
export function ManageMemberDialog({ open, onClose, family, member, actions, self }: ManageMemberDialogProps) {
  const write = useLocalWrite();
  const [step, setStep] = useState<Step>('choose');
  const [relationship, setRelationship] = useState<RelationshipChoice>(relationshipOf(member));
  const [saving, setSaving] = useState(false);
  // Back from a confirmation, focus returns to the button that asked for it instead of getting lost.
  const [cameBack, setCameBack] = useState(false);
  const name = memberName(member);

  function back() {
    setStep('choose');
    setCameBack(true);
  }

  /** Saves one change. Removing and leaving close the dialog first: the member (or the family) is about to go. */
  async function save<N extends MutationName>(mutation: N, args: MutationArgs<N>, closeFirst = false) {
    if (saving) return;
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

  if (step === 'confirmRemove') {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title={`Remove ${name}?`}
        description={
          `${name} will no longer see the family's posts, photos, events or chat. ` +
          'You can invite them again any time.'
        }
        actions={
          <>
            <Button variant="secondary" autoFocus onClick={back}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={saving}
              onClick={() => void save('member.remove', { memberId: member.id }, true)}
            >
              Remove from family
            </Button>
          </>
        }
      />
    );
  }

  if (step === 'confirmLeave') {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title={`Leave ${family.name}?`}
        description={
          "You'll no longer see the family's posts, photos, events or chat, and they'll be removed from this device. " +
          "To come back, you'll need a new invite link."
        }
        actions={
          <>
            <Button variant="secondary" autoFocus onClick={back}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={saving}
              onClick={async () => {
                if (await save('member.remove', { memberId: member.id }, true)) toast(familyToasts.leftFamily(family.name));
              }}
            >
              Leave family
            </Button>
          </>
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
            void save('member.setRelationship', { memberId: member.id, relationshipType: relationship });
          }}
        >
          <SelectField
            label={self ? "How you're related" : `How ${name} is related`}
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
                role: actions.role === 'makeAdmin' ? 'admin' : 'member',
              })
            }
          >
            {actions.role === 'makeAdmin' ? 'Make admin' : 'Remove admin'}
          </Button>
        </div>
      ) : null}

      {actions.remove ? (
        <div className={styles.choice}>
          <Button variant="danger" autoFocus={cameBack} onClick={() => setStep('confirmRemove')}>
            Remove from family
          </Button>
        </div>
      ) : null}

      {actions.leave === 'allowed' ? (
        <div className={styles.choice}>
          <Button variant="danger" autoFocus={cameBack} onClick={() => setStep('confirmLeave')}>
            Leave family
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
