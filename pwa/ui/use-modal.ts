import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * What makes a <dialog> modal in Hearth: shown with showModal(), so the browser traps focus inside it, closes it on
 * Escape and hides the page behind it from screen readers; focus goes back to whatever opened it. Spread the answer
 * on the <dialog>.
 */
export function useModal(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      if (openerRef.current instanceof HTMLElement) openerRef.current.focus();
    }
  }, [open]);

  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      // Escape: the browser's own close event comes a task later, so a page that asks for the dialog again in
      // between would find it still "open" in React's state and not open it. Close it through that state, now.
      event.preventDefault();
      onClose();
    },
    onClose,
  };
}
