import { useEffect, useRef, useState } from 'react';
import { invitationLifetimeDays } from '../../../../schema/limits.ts';
import { toasts } from '../../../../schema/messages.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import * as styles from './landing-dialogs.css.ts';

export type LandingDialog = 'launching-soon' | 'invitation' | 'thank-you';

type LandingDialogsProps = {
  open: LandingDialog | null;
  onClose: () => void;
  /** Launching Soon's "Notify Me at Launch": closes the dialog and takes the person to the early-access form. */
  onNotifyMe: () => void;
};

/** The landing page's dialogs (product.md §2), fetched the first time one of them opens. */
export function LandingDialogs({ open, onClose, onNotifyMe }: LandingDialogsProps) {
  return (
    <>
      <Dialog
        open={open === 'thank-you'}
        onClose={onClose}
        title={toasts.earlyAccessThanks.title}
        description={toasts.earlyAccessThanks.description}
        actions={<Button onClick={onClose}>Close</Button>}
      />
      <Dialog
        open={open === 'launching-soon'}
        onClose={onClose}
        title="Launching Soon"
        description="We're working hard behind the scenes!"
        actions={
          <>
            <Button variant="secondary" onClick={onNotifyMe}>
              Notify Me at Launch
            </Button>
            <ButtonLink to="/signup" onClick={onClose}>
              Create Your Family Circle
            </ButtonLink>
          </>
        }
      >
        <p className={styles.text}>
          The Hearth apps for iOS and Android are coming soon. Until then, Hearth works in the browser on any phone,
          tablet or computer, and you can add it to your home screen.
        </p>
      </Dialog>
      <InvitationDialog open={open === 'invitation'} onClose={onClose} />
    </>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

/** What inviting looks like: a link to pass on, copied with one press. */
function InvitationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [link, setLink] = useState('');
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setLink(`${window.location.origin}/signup`);
    if (!open) setCopyState('idle');
  }, [open]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      // No clipboard permission (or an old browser): select the link so it can be copied by hand.
      inputRef.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Create Your Family Circle"
      description="Invite the people who belong in it with a private link."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void copy()}>
            {copyState === 'copied' ? <CheckIcon /> : null}
            {copyState === 'copied' ? 'Copied' : 'Copy Link'}
          </Button>
        </>
      }
    >
      <TextField
        ref={inputRef}
        label="Sample invitation link"
        hint={`This sample opens Hearth's sign-up page. Once your family circle exists, Hearth makes a private link for each person you invite, valid for ${invitationLifetimeDays} days.`}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <p role="status" className={copyState === 'failed' ? styles.copyProblem : styles.copied}>
        {copyState === 'copied' ? 'Link copied to your clipboard.' : null}
        {copyState === 'failed' ? "Your browser didn't let Hearth copy it: the link is selected, copy it from there." : null}
      </p>
    </Dialog>
  );
}
