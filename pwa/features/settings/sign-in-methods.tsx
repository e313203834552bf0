import { useEffect, useState, type FormEvent } from 'react';
import type { SignInMethods as Methods } from '../../../schema/responses.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import * as styles from './settings-screen.css.ts';

/**
 * How the person signs in: someone who joined with Google or a passkey alone (decision 0055) can give their account a
 * password; someone with both can unlink Google (never leaving an account with no way in).
 */
export function SignInMethods() {
  const [methods, setMethods] = useState<Methods | null>(null);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const load = () => api.get<Methods>('/api/auth/sign-in-methods').then(setMethods, () => {});
  useEffect(() => {
    void load();
  }, []);

  async function act(request: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await request();
      setNewPassword('');
      setConfirmPassword('');
      await load();
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.body
          ? { field: error.body.field, message: error.body.error }
          : { message: "Hearth couldn't reach its server. Try again when you're online." },
      );
    } finally {
      setBusy(false);
    }
  }

  if (!methods || (methods.password && !methods.google && !methods.googleAvailable)) return null;
  const fieldError = (field: string) => (problem?.field === field ? problem.message : undefined);

  return (
    <div className={styles.group}>
      <h3 className={styles.groupTitle}>Signing in</h3>
      {!methods.password ? (
        <form
          className={styles.deleteForm}
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void act(() => api.post('/api/auth/password/set', { newPassword, confirmPassword }));
          }}
        >
          <p className={styles.groupHint}>
            {methods.google
              ? 'You sign in with Google. Add a password to sign in without it too.'
              : 'You sign in with a passkey. Add a password to sign in on devices without one too.'}
          </p>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            error={fieldError('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            error={fieldError('confirmPassword')}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" disabled={busy}>
              Set password
            </Button>
          </div>
        </form>
      ) : methods.google ? (
        <>
          <p className={styles.groupHint}>You sign in with your password or with Google.</p>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => void act(() => api.post('/api/auth/google/unlink'))}
            >
              Unlink Google
            </Button>
          </div>
        </>
      ) : (
        <p className={styles.groupHint}>You sign in with your password.</p>
      )}
      {problem && !problem.field ? (
        <p role="alert" className={styles.deleteRefusal}>
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}
