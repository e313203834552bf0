import { rejections, type MutationArgs, type MutationName } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import type { FamilyChange } from '../sync-notifier.ts';

/**
 * Who writes and when: taken from the session and the server's clock at replay time, never from the arguments.
 * `writtenAt` is when the person made the write: what the device said, corrected for how far its clock is from the
 * server's and never later than `now` (a REST write's is `now`). The times people see come from it through
 * `timeWritten` (access.ts), which also keeps it from preceding their joining the family
 * (docs/decisions/0012-the-time-a-person-wrote-something.md).
 */
export type MutationContext = { userId: string; now: Date; writtenAt: Date };

/**
 * One named write (schema/sync.ts `mutationArgsSchemas`), run on the server for a replayed mutation and for the
 * REST write that does the same thing. It locks the family and authorizes (access.ts), moves the family on to a new
 * version only when it is about to write, stamps that version on every row it puts, tombstones what it deletes, and
 * answers the change to publish after the commit. A replay that finds its work already done touches nothing, keeps
 * the family's version and answers null, so nobody is poked for it. A write that can never succeed throws
 * `MutationRejected`.
 */
export type Mutator<N extends MutationName> = (
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<N>,
) => Promise<FamilyChange | null>;

/** The mutators of some mutation names: each entity's module exports one of these. */
export type Mutators<Names extends MutationName> = { [N in Names]: Mutator<N> };

/**
 * The reasons a mutator refuses a write for. Not `invalid` (the caller's, when the arguments do not parse), nor
 * `unexpected` (the reason given when the database refuses the data, mutation-failure.ts). A family that does not
 * exist reads as `notMember` (access.ts), so a guess at an id learns nothing.
 */
export type RejectionKind = Exclude<keyof typeof rejections, 'invalid' | 'unexpected'>;

export class MutationRejected extends Error {
  override name = 'MutationRejected';
  readonly kind: RejectionKind;
  /** The sentence the person sees next to Retry and Discard. */
  readonly reason: string;

  constructor(kind: RejectionKind) {
    super(rejections[kind]);
    this.kind = kind;
    this.reason = rejections[kind];
  }
}
