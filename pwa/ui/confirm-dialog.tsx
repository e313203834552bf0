import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

type ConfirmActionsProps = {
  /** Says what happens ("Delete post"), so nobody has to read the question twice to know which button is which. */
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  disabled?: boolean;
};

/**
 * The two answers to a question asked before something that cannot be undone: Cancel, then the danger button.
 * Where the question takes the place of what an open dialog showed, the cursor waits on Cancel, the safe answer.
 */
export function ConfirmActions({ confirmLabel, onCancel, onConfirm, disabled = false }: ConfirmActionsProps) {
  return (
    <>
      <Button variant="secondary" autoFocus onClick={onCancel}>
        Cancel
      </Button>
      <Button variant="danger" disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/** Asks before something that cannot be undone. Cancel, Escape, × and a click beside it all leave things as they were. */
export function ConfirmDialog({ open, onClose, title, description, confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      actions={
        <ConfirmActions
          confirmLabel={confirmLabel}
          onCancel={onClose}
          onConfirm={() => {
            onClose();
            onConfirm();
          }}
        />
      }
    />
  );
}
