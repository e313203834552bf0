import { useState, type FormEvent } from 'react';
import { profileUpdateBodySchema } from '../../../schema/account.ts';
import type { User } from '../../../schema/entities.ts';
import { toasts } from '../../../schema/messages.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { accountApi } from './account-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import * as styles from './auth-layout.css.ts';

type NameStepProps = {
  /** The account just made. */
  user: User;
  /** With the account as it now is: the name saved, or skipped. */
  onDone: (user: User) => void;
};

/**
 * Right after signup: the name the family will see. A username like "grandma_rose" is for signing in; on posts, in
 * the tree and in the header a person is their name. Skippable, and editable later in Profile.
 */
export function NameStep({ user, onDone }: NameStepProps) {
  useDocumentTitle('Your Name');
  const form = useFormFields({ firstName: '', lastName: '' });
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = form.validate(profileUpdateBodySchema, form.values);
    if (!body) return;
    if (!body.firstName && !body.lastName) {
      onDone(user);
      return;
    }
    setSaving(true);
    try {
      onDone(await accountApi.updateProfile(body));
    } catch (error) {
      setSaving(false);
      if (!form.showServerErrors(error)) toastRequestFailure(error, toasts.profileUpdateFailed);
    }
  }

  return (
    <AuthLayout
      title="What should your family call you?"
      lead="Your name is what your family sees on everything you share."
    >
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={save}>
        <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" autoFocus />
        <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" />
        <p className={styles.small}>You can change it any time in Profile.</p>
        <Button type="submit" fullWidth disabled={saving}>
          {saving ? 'Saving...' : 'Continue'}
        </Button>
        <Button type="button" variant="ghost" fullWidth disabled={saving} onClick={() => onDone(user)}>
          Skip for now
        </Button>
      </form>
    </AuthLayout>
  );
}
