import { useEffect, useId, useRef, type ReactNode } from 'react';
import * as styles from './dialog.css.ts';
import { IconButton } from './icon-button.tsx';
import { CloseIcon } from './icons.tsx';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A short line under the title, read with it. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (Close, Copy Link…). */
  actions?: ReactNode;
  /** `wide` for what needs the room, like the photo viewer. */
  size?: 'default' | 'wide';
};

/**
 * The one dialog: a modal <dialog>, so the browser traps focus inside it, closes it on Escape and hides the page
 * behind it from screen readers. A × in the corner, a click on the backdrop and Escape all close it, and focus goes
 * back to whatever opened it.
 */
export function Dialog({ open, onClose, title, description, children, actions, size = 'default' }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
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

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={styles.dialog}
      data-size={size}
      onCancel={(event) => {
        // Escape: the browser's own close event comes a task later, so a page that asks for the dialog again in
        // between would find it still "open" in React's state and not open it. Close it through that state, now.
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dimmed backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.inner}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <IconButton label="Close" icon={<CloseIcon />} onClick={onClose} className={styles.close} />
        </div>
        {description ? (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        ) : null}
        {children}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </dialog>
  );
}
