import { useState, type FormEvent } from 'react';
import type { AccountDeletionBody } from '../../../schema/account.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { googleSignInUrl } from '../account/account-urls.ts';
import { forgetSignedInUser, useSignedInUser } from '../account/auth-store.ts';
import { confirmWithPasskey } from '../account/passkeys.ts';
import * as styles from './settings-screen.css.ts';

/** What stops the deletion, with the way forward the screen offers. */
type Refusal = { message: string; next: 'password' | 'family-tree' | 'google' | 'passkey' | 'retry' };

function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) {
    return {
      message: "Hearth couldn't reach its server. Nothing was deleted; try again when you're online.",
      next: 'retry',
    };
  }
  const message = error.body?.error ?? 'Something went wrong. Nothing was deleted.';
  if (error.status === 409) return { message, next: 'family-tree' };
  if (error.status === 403) return { message, next: error.body?.code === 'confirm_with_passkey' ? 'passkey' : 'google' };
  if (error.status === 400) return { message, next: 'password' };
  return { message, next: 'retry' };
}

/**
 * Delete My Account (decision 0026): says exactly what goes and what stays with the family, asks for the
 * password (an account made with Google or a passkey confirms with a fresh sign-in by it instead, decision 0055),
 * then wipes this device.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSignedInUser();
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      const body: AccountDeletionBody = password === '' ? {} : { currentPassword: password };
      await api.post('/api/auth/delete-account', body, { whenSignedOut: 'throw' });
      const [{ leaveDevice }, { forgetPushOnThisDevice }] = await Promise.all([
        import('../device-session/device-session.ts'),
        import('../notifications/device-push.ts'),
      ]);
      await forgetPushOnThisDevice().catch(() => {});
      await leaveDevice(user.id);
      forgetSignedInUser();
      window.location.assign('/account-deleted');
    } catch (error) {
      setRefusal(refusalOf(error));
      setBusy(false);
    }
  }

  /** A fresh sign-in by one of the person's own passkeys; then the deletion is asked again at once. */
  async function confirmPasskey() {
    setBusy(true);
    try {
      await confirmWithPasskey();
    } catch (error) {
      setBusy(false);
      if (error instanceof Error && error.name === 'NotAllowedError') return;
      setRefusal(refusalOf(error));
      return;
    }
    await submit();
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Delete your account?"
      description="This can't be undone. Take a copy of your data first if you want one."
    >
      <form className={styles.deleteForm} onSubmit={(event) => void submit(event)} noValidate>
        <div>
          <h3 className={styles.groupTitle}>What goes, for good</h3>
          <p className={styles.groupHint}>
            Your account, name, email, profile and settings; your sign-ins on every device; your likes and answers to
            events; your place in each family. Families where you are the only member are deleted with everything in
            them.
          </p>
        </div>
        <div>
          <h3 className={styles.groupTitle}>What stays with your family</h3>
          <p className={styles.groupHint}>
            The posts, comments, photos, albums, events and chat messages you shared, shown as “Former member”, so
            nobody loses the replies and memories around them. Delete any of them first if you want them gone.
          </p>
        </div>
        <TextField
          label="Your password"
          hint="Signed up with Google or a passkey? Leave this empty."
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={refusal?.next === 'password' ? refusal.message : undefined}
        />
        {refusal && refusal.next !== 'password' ? (
          <p role="alert" className={styles.deleteRefusal}>
            {refusal.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          {refusal?.next === 'family-tree' ? (
            <ButtonLink to="/family-tree" variant="secondary">
              Open Family Tree
            </ButtonLink>
          ) : null}
          {refusal?.next === 'passkey' ? (
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void confirmPasskey()}>
              Confirm with your passkey
            </Button>
          ) : null}
          {refusal?.next === 'google' ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => window.location.assign(googleSignInUrl('/settings'))}
            >
              Sign in with Google again
            </Button>
          ) : null}
          <Button type="button" variant="secondary" onClick={onClose}>
            Keep my account
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Deleting…' : 'Delete My Account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
