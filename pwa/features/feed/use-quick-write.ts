import { useCallback } from 'react';
import { familyToasts } from '../../../schema/family-messages.ts';
import type { MutationArgs, MutationName } from '../../../schema/sync.ts';
import { toast, type ToastOptions } from '../../ui/toast-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';

/**
 * A write with no form behind it (a like, a delete): saved on the device at once, `done` said as a toast when given,
 * or a toast saying the device could not save it. Resolves to whether it was saved.
 */
export function useQuickWrite() {
  const write = useLocalWrite();
  return useCallback(
    async <N extends MutationName>(name: N, args: MutationArgs<N>, done?: ToastOptions): Promise<boolean> => {
      try {
        const outcome = await write(name, args);
        // Its arguments are ids this device made or read, so the schema refusing them is a bug, not a typo.
        if (!outcome.saved) throw new Error(`Invalid ${name}: ${JSON.stringify(outcome.fieldErrors)}`);
        if (done) toast(done);
        return true;
      } catch (error) {
        console.error(`Could not save ${name} on this device`, error);
        toast({ ...familyToasts.changeFailed, variant: 'destructive' });
        return false;
      }
    },
    [write],
  );
}
