import { fieldErrors } from '../../../schema/field-issues.ts';
import type { MutationArgs, MutationName, SyncedUser } from '../../../schema/sync.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { InvalidWriteError, writeLocally } from '../../sync/write.ts';

/** Saved on the device, or refused by the shared schema with one message per form field. */
export type WriteOutcome = { saved: true } | { saved: false; fieldErrors: Record<string, string> };

/**
 * A write from a form: the shared mutation schema is the form's validation too, so the person sees the same
 * messages the server would give. Loaded on the first write, which keeps zod out of the feed's first download.
 */
export async function writeFromScreen<N extends MutationName>(
  db: HearthDb,
  signedInUser: SyncedUser,
  name: N,
  args: MutationArgs<N>,
): Promise<WriteOutcome> {
  try {
    await writeLocally(db, { signedInUser }, name, args);
    return { saved: true };
  } catch (error) {
    if (error instanceof InvalidWriteError) return { saved: false, fieldErrors: fieldErrors(error) };
    throw error;
  }
}
