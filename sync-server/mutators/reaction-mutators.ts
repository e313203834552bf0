import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createReactionRepository } from '../repositories/reaction-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { lockFamilyOfPost, timeWritten, writeAtNewVersion } from './access.ts';
import type { MutationContext, Mutators } from './mutator.ts';

/** Says whether the user's reaction should exist (not "toggle"), so a replay lands on the same state. */
export async function setReaction(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'reaction.set'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyOfPost(tx, userId, args);
  const reactions = createReactionRepository(tx);
  const reaction = { familyId: access.familyId, postId: args.postId, userId, reactionType: args.reactionType };
  if ((await reactions.exists(reaction)) === args.reacted) return null;
  return writeAtNewVersion(access, (version) =>
    args.reacted
      ? reactions.put({ ...reaction, version, writtenAt: timeWritten(access, context) })
      : reactions.delete(reaction, version),
  );
}

export const reactionMutators: Mutators<'reaction.set'> = {
  'reaction.set': setReaction,
};
