import { useCallback } from 'react';
import type { MutationArgs, MutationName } from '../../../schema/sync.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { useHearthDb } from './device-session-store.ts';
import type { WriteOutcome } from './write-from-screen.ts';

/**
 * Fetches and starts the write code (zod and the mutation schemas) ahead of a write, when a person shows they are
 * about to write (a text field gets focus, a dialog with answers opens): the first write after opening the app then
 * no longer waits for it (the first post of a session reached another screen in about 400 ms, the next ones in 80).
 */
export function prepareLocalWrite(): void {
  void import('./write-from-screen.ts');
}

/**
 * A screen's way to write: saved on this device at once, sent by the sync engine when it can be. Answers whether it
 * was saved or which fields the shared schema refused.
 */
export function useLocalWrite() {
  const db = useHearthDb();
  const user = useSignedInUser();
  return useCallback(
    async <N extends MutationName>(name: N, args: MutationArgs<N>): Promise<WriteOutcome> => {
      const { writeFromScreen } = await import('./write-from-screen.ts');
      return writeFromScreen(db, user, name, args);
    },
    [db, user],
  );
}
