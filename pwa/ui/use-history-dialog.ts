import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** Which dialogs live in the browser's history, each about one thing (a photo, an event) named by its id. */
type HistoryDialogName = 'photo' | 'event';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The dialog this step of history shows (use-history-dialog.ts). */
    dialog?: { name: HistoryDialogName; subject: string };
  }
}

/**
 * A dialog whose being open is a step in the browser's history (decision 0046): a phone's Back button closes it, as
 * a person expects of something that fills the screen, and Escape, × and Close go back that step too. Moving to
 * another subject inside it (the next photo) replaces the step rather than adding one. The same shape as
 * useDialogState: `state` is null until first opened, then kept, so closing hands focus back to the opener.
 */
export function useHistoryDialog(name: HistoryDialogName) {
  const router = useRouter();
  const shown = useRouterState({
    select: (state) => (state.location.state.dialog?.name === name ? state.location.state.dialog.subject : undefined),
  });
  const [last, setLast] = useState<string | undefined>(undefined);
  // The step a Back is already on its way from: the browser answers it a moment later, and the native dialog's own
  // close event would otherwise ask for a second Back, leaving the page.
  const leaving = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (shown !== undefined) setLast(shown);
  }, [shown]);

  function step(subject: string, replace: boolean) {
    const { href, state } = router.state.location;
    const { key: _key, __TSR_key: _tsrKey, __TSR_index: _index, ...kept } = state;
    router.history[replace ? 'replace' : 'push'](href, { ...kept, dialog: { name, subject } });
  }

  const subject = shown ?? last;
  return {
    state: subject === undefined ? null : { subject, open: shown !== undefined },
    show: (subject: string) => step(subject, shown !== undefined),
    /** Another subject in the same dialog: the same step of history. */
    move: (subject: string) => step(subject, true),
    close: () => {
      const { dialog, __TSR_key: key } = router.state.location.state;
      if (dialog?.name !== name || leaving.current === key) return;
      leaving.current = key;
      router.history.back();
    },
  };
}
