import { useState } from 'react';
import { resetLinkLifetimes, type CreatedResetLink } from '../../../../schema/account.ts';
import { Button } from '../../../ui/button.tsx';
import { CopyableLink } from '../../../ui/copyable-link.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { isConnectionProblem } from '../invite/invitation-links.ts';
import * as styles from './manage-member-dialog.css.ts';

/**
 * "Forgot their password?" in a member's dialog, for admins (decision 0044): a one-time link to pass on by hand,
 * since a server without email cannot send one. Made online; the token is shown this once.
 */
export function ResetLinkSection({ familyId, memberId, name }: { familyId: string; memberId: string; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const [problem, setProblem] = useState('');

  async function make() {
    setMaking(true);
    setProblem('');
    try {
      const path = `/api/families/${encodeURIComponent(familyId)}/members/${encodeURIComponent(memberId)}/reset-link`;
      const { token } = await api.post<CreatedResetLink>(path);
      setUrl(`${window.location.origin}/reset-password/${token}`);
    } catch (error) {
      setProblem(
        isConnectionProblem(error)
          ? "Reset links need an internet connection, and Hearth can't be reached right now. Please try again once you're connected."
          : error instanceof ApiError && error.body
            ? error.body.error
            : "Hearth couldn't do that just now. Please try again.",
      );
    } finally {
      setMaking(false);
    }
  }

  return (
    <div className={styles.choice}>
      <p className={styles.note}>
        {name} forgot their password? Make a link for them to choose a new one. It works once, within{' '}
        {resetLinkLifetimes.madeByAdminHours} hours: send it only to {name}.
      </p>
      {url ? (
        <CopyableLink
          label="Password reset link"
          url={url}
          copyLabel="Copy Link"
          copied={{ title: 'Link copied', description: `Send it to ${name} only.` }}
        />
      ) : (
        <Button variant="secondary" disabled={making} onClick={() => void make()}>
          {making ? 'Making link...' : 'Make a password reset link'}
        </Button>
      )}
      <p role="status" className={styles.note}>
        {problem}
      </p>
    </div>
  );
}
