import { useState, type FormEvent } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { passwordResetBodySchema } from '../../../schema/account.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toastRequestFailure } from '../../lib/request-failure-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { accountApi } from './account-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import * as styles from './auth-layout.css.ts';
import { setSignedInUser } from './auth-store.ts';

const failed = { title: "Couldn't change the password", description: 'Please try again in a moment.' };

/**
 * A one-time reset link (decision 0044), emailed or made by a family admin: a new password, then the person is
 * signed in here and everywhere else signed out. The guest layout takes them home once signed in.
 */
export function ResetPasswordScreen() {
  useDocumentTitle('Choose a New Password');
  const { token } = useParams({ from: '/_guest/reset-password/$token' });
  const form = useFormFields({ newPassword: '', confirmPassword: '' });
  const [saving, setSaving] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = form.validate(passwordResetBodySchema, { ...form.values, token });
    if (!body) return;
    setSaving(true);
    try {
      const { user } = await accountApi.resetPassword(body);
      toast({ title: 'Password changed', description: 'You are signed in. Every other device was signed out.' });
      setSignedInUser(user);
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.status === 410) setClosed(error.body?.error ?? null);
      else if (!(error instanceof ApiError && form.showServerErrors(error))) toastRequestFailure(error, failed);
    }
  }

  if (closed) {
    return (
      <AuthLayout title="This link no longer works" lead={closed}>
        <p className={styles.footnote}>
          <Link to="/forgot-password" className={styles.inlineLink}>
            Ask for a new link
          </Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" lead="Then you're signed in here, and signed out everywhere else.">
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={submit}>
        <TextField {...form.field('newPassword')} label="New password" type="password" autoComplete="new-password" />
        <TextField
          {...form.field('confirmPassword')}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" fullWidth disabled={saving}>
          {saving ? 'Saving...' : 'Save and sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
