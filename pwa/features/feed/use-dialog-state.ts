import { useState } from 'react';

/**
 * A dialog that is only drawn once someone first opens it (a feed of fifty posts need not carry fifty hidden
 * dialogs), then stays drawn: closing it is what hands focus back to the button that opened it.
 */
export function useDialogState() {
  const [state, setState] = useState<'never opened' | 'open' | 'closed'>('never opened');
  return {
    open: state === 'open',
    drawn: state !== 'never opened',
    show: () => setState('open'),
    close: () => setState('closed'),
  };
}
