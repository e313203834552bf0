import { useCallback } from 'react';
import type { MutationArgs, MutationName } from '../../../schema/sync.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { useHearthDb } from './device-session-store.ts';
import type { WriteOutcome } from './write-from-screen.ts';

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
