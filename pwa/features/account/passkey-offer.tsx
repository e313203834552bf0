import { useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast-store.ts';
import { AuthLayout } from './auth-layout.tsx';
import * as styles from './auth-layout.css.ts';
import { addPasskey } from './passkeys.ts';

/**
 * Right after signing up (or joining by invitation), one offer of a passkey (decision 0051): the next sign-in is then
 * the phone's face, fingerprint or screen lock instead of a password to remember.
 */
export function PasskeyOffer({ onDone }: { onDone: () => void }) {
  useDocumentTitle('Sign In Next Time');
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState('');

  async function add() {
    setAdding(true);
    setProblem('');
    try {
      await addPasskey();
      toast({ title: 'Passkey added', description: 'Next time, sign in with your face or fingerprint.' });
      onDone();
    } catch (error) {
      setAdding(false);
      // Closing the device's prompt is a choice; anything else is said, and "Not now" still goes on.
      if (!(error instanceof Error && error.name === 'NotAllowedError')) {
        setProblem("That didn't work on this device. You can add a passkey later in Settings.");
      }
    }
  }

  return (
    <AuthLayout
      title="Sign in with your face or fingerprint next time"
      lead="Add a passkey: this device will ask for your face, fingerprint or screen lock instead of your password."
    >
      <div className={styles.form}>
        <Button fullWidth disabled={adding} onClick={() => void add()}>
          {adding ? 'Adding...' : 'Add a passkey'}
        </Button>
        <Button variant="ghost" fullWidth disabled={adding} onClick={onDone}>
          Not now
        </Button>
        <p role="status" className={styles.small}>
          {problem}
        </p>
      </div>
    </AuthLayout>
  );
}
