import { rejections, type MutationArgs, type MutationName } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import type { FamilyChange } from '../sync-notifier.ts';

/** Who writes and when: taken from the session and the server's clock at replay time, never from the arguments. */
export type MutationContext = { userId: string; now: Date };

/**
 * One named write (schema/sync.ts `mutationArgsSchemas`), run on the server for a replayed mutation and for the
 * REST write that does the same thing. It authorizes, locks the family by bumping its version before it writes,
 * stamps that version on every row it puts, tombstones what it deletes, and answers the change to publish after the
 * commit (null when a replay found its work already done and touched nothing). A write that can never succeed
 * throws `MutationRejected`.
 */
export type Mutator<N extends MutationName> = (
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<N>,
) => Promise<FamilyChange | null>;

/** Every reason except `invalid`, which the caller gives when the arguments do not parse. */
export type RejectionKind = Exclude<keyof typeof rejections, 'invalid'>;

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
