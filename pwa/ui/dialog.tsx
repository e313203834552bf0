import { useId, type ReactNode } from 'react';
import * as styles from './dialog.css.ts';
import { formActions } from './form-actions.css.ts';
import { IconButton } from './icon-button.tsx';
import { CloseIcon } from './icons.tsx';
import { useModal } from './use-modal.ts';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A short line under the title, read with it. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (Close, Copy Link…). */
  actions?: ReactNode;
};

/**
 * The one dialog: a modal <dialog> (use-modal.ts). A × in the corner, a click on the backdrop and Escape all close
 * it, and focus goes back to whatever opened it.
 */
export function Dialog({ open, onClose, title, description, children, actions }: DialogProps) {
  const modal = useModal(open, onClose);
  const titleId = useId();
  const descriptionId = useId();

  return (
    <dialog
      {...modal}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={styles.dialog}
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
        {actions ? <div className={formActions}>{actions}</div> : null}
      </div>
    </dialog>
  );
}
