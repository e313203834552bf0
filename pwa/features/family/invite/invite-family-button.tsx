import { Suspense } from 'react';
import { preloadable } from '../../../lib/preloadable.tsx';
import { Button, type ButtonVariant } from '../../../ui/button.tsx';
import { useDialogState } from '../../../ui/use-dialog-state.ts';

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
  const dialog = useDialogState();
  const preload = () => void inviteDialog.preload();

  return (
    <>
      <Button
        variant={variant}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => dialog.show()}
      >
        {label}
      </Button>
      {dialog.state ? (
        <Suspense fallback={null}>
          <inviteDialog.Component
            familyId={familyId}
            familyName={familyName}
            open={dialog.state.open}
            onClose={dialog.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
