import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** Says what happens ("Delete post"), so nobody has to read the question twice to know which button is which. */
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
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
