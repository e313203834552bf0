import { useState } from 'react';
import { familyToasts } from '../../../schema/family-messages.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { HearthMark } from '../../ui/icons.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import * as styles from './create-family-card.css.ts';
import { rememberSelectedFamily } from './selected-family.ts';

/**
 * The first thing someone without a family sees: name it and it exists at once, on this device, with them as its
 * admin; it reaches the server whenever the connection allows.
 */
export function CreateFamilyCard() {
  return (
    <Card as="section" aria-labelledby="create-family-title" className={styles.card}>
      <HearthMark size="3rem" />
      <h2 id="create-family-title" className={styles.title}>
        Create Family Group
      </h2>
      <p className={styles.lead}>
        Give your family a home. You can invite everyone once it exists: grandparents, cousins, the whole tree.
      </p>
      <CreateFamilyForm />
    </Card>
  );
}

/**
 * Names a new family and makes it, selected: on Home for a first family, on Profile for another one (the other side
 * of the family, a new branch). `onCreated` is told once it is saved on this device.
 */
export function CreateFamilyForm({ onCreated }: { onCreated?: () => void }) {
  const user = useSignedInUser();
  const write = useLocalWrite();
  const form = useFormFields({ name: '' });
  // Each press makes a new family id: a second press while the first is saving would make a second family.
  const [creating, setCreating] = useState(false);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    if (creating) return;
    setCreating(true);
    try {
      const familyId = crypto.randomUUID();
      const outcome = await write('family.create', { familyId, memberId: crypto.randomUUID(), name: form.values.name });
      if (!outcome.saved) return form.showErrors(outcome.fieldErrors);
      rememberSelectedFamily(user.id, familyId);
      onCreated?.();
    } catch (error) {
      console.error('Could not save the new family on this device', error);
      toast({ ...familyToasts.familyNotCreated, variant: 'destructive' });
    } finally {
      setCreating(false);
    }
  }

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={create} noValidate>
      <TextField
        label="Family name"
        hint="For example: The Smiths, or Nana's Crew"
        autoComplete="off"
        {...form.field('name')}
      />
      <Button type="submit" disabled={creating}>
        {creating ? 'Creating...' : 'Create Family Group'}
      </Button>
    </form>
  );
}
