import { useState, type FormEvent } from 'react';
import { joinRelationshipTypes, relationshipLabels } from '../../../../schema/choices.ts';
import { familyMessages, familyToasts } from '../../../../schema/family-messages.ts';
import type { InvitationPreview } from '../../../../schema/invitations.ts';
import { isSignedOutError } from '../../../lib/api-client.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { invitationApi } from '../invite/invitation-api.ts';
import { joinProblemOf, type JoinProblem } from './join-problems.ts';
import * as styles from './join-screen.css.ts';
import { useOpenFamily } from './use-open-family.ts';

type JoinRelationshipType = (typeof joinRelationshipTypes)[number];

const relationshipOptions = joinRelationshipTypes.map((type) => ({ value: type, label: relationshipLabels[type] }));

function isJoinRelationshipType(value: string): value is JoinRelationshipType {
  return (joinRelationshipTypes as readonly string[]).includes(value);
}

/** Said under the button when the join could not reach the server; the choice stays for another try. */
const notReachedTexts: Partial<Record<JoinProblem, string>> = {
  offline: "You're offline. Joining needs an internet connection: please try again once you're connected.",
  unavailable: "Hearth can't be reached right now. Please try again in a moment.",
};

type JoinFormProps = {
  token: string;
  preview: InvitationPreview;
  /** The link stopped working meanwhile, or the person turned out to be a member already. */
  onProblem: (problem: JoinProblem) => void;
};

/** The signed-in newcomer says how they are related and joins; home then opens on the new family. */
export function JoinForm({ token, preview, onProblem }: JoinFormProps) {
  const form = useFormFields({ relationshipType: '' });
  const openFamily = useOpenFamily();
  const [joining, setJoining] = useState(false);
  const [notReached, setNotReached] = useState('');

  async function join(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (joining) return;
    const { relationshipType } = form.values;
    if (!isJoinRelationshipType(relationshipType)) {
      form.showErrors({ relationshipType: familyMessages.relationshipRequired });
      return;
    }
    setJoining(true);
    setNotReached('');
    try {
      const joined = await invitationApi.accept({ token, relationshipType });
      await openFamily(joined.familyId);
      toast(familyToasts.joinedFamily(preview.familyName));
    } catch (error) {
      setJoining(false);
      // A lost session is the API client's to handle: it sends the person to sign in and back here.
      if (isSignedOutError(error) || form.showServerErrors(error)) return;
      const problem = joinProblemOf(error);
      const text = notReachedTexts[problem];
      if (text) setNotReached(text);
      else onProblem(problem);
    }
  }

  return (
    <form ref={form.formRef} className={styles.form} noValidate onSubmit={join}>
      <SelectField
        {...form.field('relationshipType')}
        // Asked about the person who sent the link, in words a grandchild understands: "You are Rose's… Grandson".
        label={`You are ${preview.invitedBy}'s…`}
        hint={`${preview.invitedBy} invited you to ${preview.familyName}. Your family sees this next to your name.`}
        placeholder="Choose one"
        options={relationshipOptions}
      />
      <Button type="submit" fullWidth disabled={joining}>
        {joining ? 'Joining...' : `Join ${preview.familyName}`}
      </Button>
      <p role="status" className={styles.offlineNote}>
        {notReached}
      </p>
    </form>
  );
}
