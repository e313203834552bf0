import { Suspense, useState } from 'react';
import { preloadable } from '../../../lib/preloadable.tsx';
import { Button, type ButtonVariant } from '../../../ui/button.tsx';

/** The dialog's code is fetched when someone reaches for the button, so the screens showing it stay light. */
const inviteDialog = preloadable(() => import('./invite-dialog.tsx').then(({ InviteDialog }) => InviteDialog));

type InviteFamilyButtonProps = {
  familyId: string;
  familyName: string;
  label?: string;
  variant?: ButtonVariant;
};

/** Invite Family Member: opens the dialog that makes a link for relatives to join the family. */
export function InviteFamilyButton({
  familyId,
  familyName,
  label = 'Invite Family Member',
  variant = 'primary',
}: InviteFamilyButtonProps) {
  const [open, setOpen] = useState(false);
  // Kept from the first press on, so that closing it hands focus back to this button.
  const [pressed, setPressed] = useState(false);
  const preload = () => void inviteDialog.preload();

  return (
    <>
      <Button
        variant={variant}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setPressed(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {pressed ? (
        <Suspense fallback={null}>
          <inviteDialog.Component
            familyId={familyId}
            familyName={familyName}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
