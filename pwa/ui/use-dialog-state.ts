import { useState } from 'react';

/**
 * A dialog, about one thing (a member) or not, drawn only once someone first opens it (a feed of fifty posts need not
 * carry fifty hidden dialogs), then kept drawn: closing it is what hands focus back to the button that opened it.
 * `opening` counts the openings, for a dialog that must start afresh each time (a form): use it as the dialog's key.
 */
export function useDialogState<Subject = void>() {
  const [state, setState] = useState<{ subject: Subject; open: boolean; opening: number } | null>(null);
  return {
    /** Null until the dialog is first opened. */
    state,
    show: (subject: Subject) =>
      setState((current) => ({ subject, open: true, opening: (current?.opening ?? 0) + 1 })),
    close: () => setState((current) => current && { ...current, open: false }),
  };
}
