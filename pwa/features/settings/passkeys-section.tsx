import { useEffect, useState } from 'react';
import type { Passkey } from '../../../schema/account.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatRelativeTime } from '../../lib/format-date.ts';
import { Button } from '../../ui/button.tsx';
import { addPasskey, passkeyApi, passkeysPossible } from '../account/passkeys.ts';
import * as styles from './settings-screen.css.ts';

/** Why nothing changed, in one calm sentence: the server's own, or the connection's. */
function problemText(error: unknown): string | null {
  // Closing the device's prompt is a choice, not a problem.
  if (error instanceof Error && error.name === 'NotAllowedError') return null;
  if (error instanceof ApiError && error.body) return error.body.error;
  if (error instanceof ApiError) return "Hearth couldn't do that just now. Please try again.";
  return "That didn't work. Check that this device has a screen lock, and that Hearth can reach its server.";
}

/**
 * The person's passkeys (decision 0051): each named by the device it was added on and when it was last used, with
 * Remove (the server keeps the last way in), and Add for this device.
 */
export function PasskeysSection() {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const load = () => passkeyApi.list().then(setPasskeys, () => {});
  useEffect(() => {
    void load();
  }, []);

  async function act(change: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await change();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
      await load();
    }
  }

  if (!passkeys) return null;
  return (
    <div className={styles.group}>
      <h3 className={styles.groupTitle}>Passkeys</h3>
      <p className={styles.groupHint}>Sign in with your face, fingerprint or screen lock instead of a password.</p>
      {passkeys.length > 0 ? (
        <ul className={styles.switchList} aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className={`${styles.switchItem} ${styles.deviceRow}`}>
              <div className={styles.deviceText}>
                <p className={styles.groupTitle}>{passkey.name}</p>
                <p className={styles.groupHint}>
                  {passkey.lastUsedAt
                    ? `Last used ${formatRelativeTime(passkey.lastUsedAt)}`
                    : `Added ${formatRelativeTime(passkey.createdAt)}, not used yet`}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={`Remove the passkey ${passkey.name}`}
                onClick={() => void act(() => passkeyApi.remove(passkey.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {passkeysPossible() ? (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={busy} onClick={() => void act(addPasskey)}>
            Add a passkey
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className={styles.deleteRefusal}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
