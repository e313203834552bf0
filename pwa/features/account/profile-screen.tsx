import { useEffect, useRef, useState, type FormEvent } from 'react';
import { profileUpdateBodySchema, passwordChangeBodySchema } from '../../../schema/account.ts';
import type { User } from '../../../schema/entities.ts';
import { limits } from '../../../schema/limits.ts';
import { messages, toasts } from '../../../schema/messages.ts';
import { formatLongDate } from '../../lib/format-date.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { emailInputProps, useFormFields } from '../../lib/use-form-fields.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Page, PageHeader } from '../../ui/page.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { YourFamiliesCard } from '../family/your-families-card.tsx';
import { toast } from '../../ui/toast-store.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { accountApi } from './account-api.ts';
import { setSignedInUser, useSignedInUser } from './auth-store.ts';
import { fullName, initials, publicName } from './display-name.ts';
import { birthdayFields, birthdayFromFields, formatBirthday, monthNames } from './birthday-fields.ts';
import { changedProfileFields } from './profile-changes.ts';
import * as styles from './profile-screen.css.ts';

const noPasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };
const dayOptions = Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));
const monthOptions = monthNames.map((name, index) => ({ value: String(index + 1), label: name }));

function editableFields(user: User) {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    username: user.username,
    ...birthdayFields(user.birthday),
    ...noPasswordChange,
  };
}

/**
 * Profile (product.md §2, §5): who you are to your family, and the place to change it, password included. Opened with
 * `startWithPasswordChange` (Settings' Change Password) it starts in the editor with the cursor in Current Password.
 */
export function ProfileScreen({ startWithPasswordChange }: { startWithPasswordChange: boolean }) {
  useDocumentTitle('Profile');
  const user = useSignedInUser();
  /** Where the cursor goes when the editor opens; null while viewing. */
  const [editorStart, setEditorStart] = useState<EditorStart | null>(
    startWithPasswordChange ? 'currentPassword' : null,
  );
  const [closedEditor, setClosedEditor] = useState(false);

  function closeEditor() {
    setEditorStart(null);
    setClosedEditor(true);
  }

  return (
    <Page width="default">
      <PageHeader title="Profile" lead="How your family sees you on Hearth." />
      {editorStart ? (
        <ProfileEditor user={user} start={editorStart} onDone={closeEditor} />
      ) : (
        <ProfileView user={user} focusEditButton={closedEditor} onEdit={() => setEditorStart('firstName')} />
      )}
      <YourFamiliesCard />
    </Page>
  );
}

type ProfileViewProps = { user: User; focusEditButton: boolean; onEdit: () => void };

function ProfileView({ user, focusEditButton, onEdit }: ProfileViewProps) {
  const editButton = useRef<HTMLButtonElement>(null);

  // Coming back from the editor, the cursor returns to the button that opened it.
  useEffect(() => {
    if (focusEditButton) editButton.current?.focus();
  }, [focusEditButton]);

  return (
    <Card as="section" className={styles.card} aria-labelledby="profile-name">
      <div className={styles.summary}>
        <Avatar imageUrl={user.profileImageUrl} initials={initials(user)} size="xl" />
        <div className={styles.summaryText}>
          <h2 id="profile-name" className={styles.name}>
            {publicName(user)}
          </h2>
          <p className={styles.muted}>{user.email}</p>
          <p className={styles.dates}>
            <span>Member since {formatLongDate(user.createdAt)}</span>
            <span>Last updated {formatLongDate(user.updatedAt)}</span>
          </p>
        </div>
      </div>
      <dl className={styles.details}>
        <Detail label="Name" value={fullName(user) ?? 'Not added yet'} />
        <Detail label="Username" value={user.username} />
        <Detail label="Email" value={user.email} />
        <Detail label="Birthday" value={user.birthday ? formatBirthday(user.birthday) : 'Not added yet'} />
        <div className={styles.detail}>
          <dt className={styles.detailLabel}>Password</dt>
          <dd className={styles.detailValue}>
            <span aria-hidden="true">••••••••</span>
            <span className={visuallyHidden}>Hidden</span>
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button ref={editButton} onClick={onEdit}>
          Edit Profile
        </Button>
      </div>
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.detail}>
      <dt className={styles.detailLabel}>{label}</dt>
      <dd className={styles.detailValue}>{value}</dd>
    </div>
  );
}

type EditorStart = 'firstName' | 'currentPassword';

/** Cancel simply closes the editor: it is built fresh from the saved profile each time it opens. */
type ProfileEditorProps = { user: User; start: EditorStart; onDone: () => void };

function ProfileEditor({ user, start, onDone }: ProfileEditorProps) {
  const form = useFormFields(editableFields(user));
  const [saving, setSaving] = useState(false);
  const firstNameInput = useRef<HTMLInputElement>(null);
  const currentPasswordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (start === 'currentPassword' ? currentPasswordInput : firstNameInput).current?.focus();
  }, [start]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { firstName, lastName, email, username, currentPassword, newPassword, confirmPassword } = form.values;

    const chosenBirthday = birthdayFromFields(form.values);
    if ('problem' in chosenBirthday) {
      form.showErrors({ [chosenBirthday.field]: chosenBirthday.problem });
      return;
    }
    const { birthday } = chosenBirthday;
    const profile = form.validate(profileUpdateBodySchema, { firstName, lastName, email, username, birthday });
    if (!profile) return;

    // The email is the way back into the account: changing it asks for the current password, as the server does.
    const changingEmail = profile.email !== undefined && profile.email !== user.email;
    if (changingEmail && !currentPassword) {
      form.showErrors({ currentPassword: messages.passwordToChangeEmail });
      return;
    }
    const changingPassword = Boolean(newPassword || confirmPassword);
    const passwordChange = { currentPassword, newPassword, confirmPassword };
    if (changingPassword) {
      if (newPassword !== confirmPassword) {
        toast({ ...toasts.passwordMismatch, variant: 'destructive' });
        return;
      }
      if (newPassword.length < limits.passwordMin) {
        toast({ ...toasts.passwordTooShort, variant: 'destructive' });
        return;
      }
      if (!currentPassword) {
        form.showErrors({ currentPassword: messages.currentPasswordRequired });
        return;
      }
      if (!form.validate(passwordChangeBodySchema, passwordChange)) return;
    }

    setSaving(true);
    try {
      const changes = changedProfileFields(user, {
        firstName: profile.firstName ?? null,
        lastName: profile.lastName ?? null,
        email: profile.email ?? user.email,
        username: profile.username ?? user.username,
        birthday: profile.birthday ?? null,
      });
      if (Object.keys(changes).length > 0) {
        setSignedInUser(await accountApi.updateProfile(changingEmail ? { ...changes, currentPassword } : changes));
      }
      if (changingPassword) await accountApi.changePassword(passwordChange);
      toast(toasts.profileUpdated);
      onDone();
    } catch (error) {
      form.showServerErrors(error);
      toastRequestFailure(error, toasts.profileUpdateFailed);
      setSaving(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="edit-profile-title">
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={save}>
        <h2 id="edit-profile-title" className={styles.sectionTitle}>
          Edit Profile
        </h2>
        <div className={styles.fieldGrid}>
          <TextField {...form.field('firstName')} ref={firstNameInput} label="First Name" autoComplete="given-name" />
          <TextField {...form.field('lastName')} label="Last Name" autoComplete="family-name" />
        </div>
        <div className={styles.fieldGrid}>
          <TextField
            {...form.field('email')}
            {...emailInputProps}
            label="Email"
            hint={
              form.values.email.trim().toLowerCase() !== user.email
                ? 'To change it, enter your current password below.'
                : undefined
            }
          />
          <TextField
            {...form.field('username')}
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </div>
        <fieldset className={styles.passwordSection}>
          <legend className={styles.legend}>Birthday</legend>
          <p className={styles.muted}>
            Your family sees the day and month among their upcoming events each year. The year is yours to add: only you
            see it.
          </p>
          <div className={styles.fieldGrid}>
            <SelectField {...form.field('birthDay')} label="Day" placeholder="Day" options={dayOptions} />
            <SelectField {...form.field('birthMonth')} label="Month" placeholder="Month" options={monthOptions} />
            <TextField
              {...form.field('birthYear')}
              label="Year (optional)"
              inputMode="numeric"
              autoComplete="bday-year"
            />
          </div>
        </fieldset>
        <fieldset className={styles.passwordSection}>
          <legend className={styles.legend}>Change Password</legend>
          <p className={styles.muted}>
            Leave the new password empty to keep your current one. Your current password is also asked for to change
            your email.
          </p>
          <TextField
            {...form.field('currentPassword')}
            ref={currentPasswordInput}
            label="Current Password"
            type="password"
            autoComplete="current-password"
          />
          <div className={styles.fieldGrid}>
            <TextField
              {...form.field('newPassword')}
              label="New Password"
              type="password"
              autoComplete="new-password"
            />
            <TextField
              {...form.field('confirmPassword')}
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
            />
          </div>
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
          <Button variant="secondary" disabled={saving} onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
