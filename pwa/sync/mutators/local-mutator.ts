import type { MutationArgs, MutationName, SyncedUser } from '../../../schema/sync.ts';
import type { RowWriter } from '../row-writer.ts';

/** What a local write knows besides its arguments. The server uses its own session and clock on replay. */
export type MutationContext = {
  /** Public fields of the signed-in user: the author of everything written on this device. */
  signedInUser: SyncedUser;
  /** When the write was made (ISO 8601): the time its rows show until the server's copy replaces them. */
  now: string;
};

/**
 * The device's side of one named write: the server's mutator has the same name and arguments.
 *
 * `apply` is the optimistic change. It is tolerant: when its target is not on this device (deleted meanwhile, or a
 * family this device does not hold) it does nothing and the server decides. Permissions are the server's too:
 * screens only offer what is allowed, and a refused write is rolled back when the server says so. Rebase re-applies
 * it on top of every pull, so it must give the same rows from the same state and arguments.
 *
 * `describe` says what the write was, in the words of the person who made it, for the "Not sent" list.
 */
export type LocalMutator<N extends MutationName> = {
  apply(writer: RowWriter, args: MutationArgs<N>, context: MutationContext): Promise<void>;
  describe(args: MutationArgs<N>): string;
};

/** The local mutators of some mutation names: each entity's module exports one of these. */
export type LocalMutators<Names extends MutationName> = { [N in Names]: LocalMutator<N> };

/** A short, one-line quote of what someone wrote. */
export function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine;
}
