import type { MutationArgs, MutationName } from '../../schema/sync.ts';
import { commentMutators } from './mutators/comment-mutators.ts';
import { eventMutators } from './mutators/event-mutators.ts';
import { familyMutators } from './mutators/family-mutators.ts';
import type { LocalMutator, MutationContext } from './mutators/local-mutator.ts';
import { memberMutators } from './mutators/member-mutators.ts';
import { messageMutators } from './mutators/message-mutators.ts';
import { notificationMutators } from './mutators/notification-mutators.ts';
import { photoMutators } from './mutators/photo-mutators.ts';
import { photoTagMutators } from './mutators/photo-tag-mutators.ts';
import { postMutators } from './mutators/post-mutators.ts';
import { reactionMutators } from './mutators/reaction-mutators.ts';
import type { RowWriter } from './row-writer.ts';
import { voiceNoteMutators } from './mutators/voice-note-mutators.ts';

export type { MutationContext } from './mutators/local-mutator.ts';

/** The device's side of every named write, one module per entity (a name without one fails the type check). */
export const localMutators: { [N in MutationName]: LocalMutator<N> } = {
  ...familyMutators,
  ...memberMutators,
  ...postMutators,
  ...commentMutators,
  ...reactionMutators,
  ...photoMutators,
  ...photoTagMutators,
  ...eventMutators,
  ...messageMutators,
  ...notificationMutators,
  ...voiceNoteMutators,
};

/** A mutation name with its own arguments, as the outbox stores it. */
export type LocalMutation = { [N in MutationName]: { name: N; args: MutationArgs<N> } }[MutationName];

/** TypeScript cannot tie `args` to `name` through the union; LocalMutation guarantees they belong together. */
function mutatorOf(mutation: LocalMutation): LocalMutator<MutationName> {
  return localMutators[mutation.name] as LocalMutator<MutationName>;
}

export function applyLocalMutation(writer: RowWriter, mutation: LocalMutation, context: MutationContext) {
  return mutatorOf(mutation).apply(writer, mutation.args as never, context);
}

/** What a write was, in the words of the person who made it ("Your post “Hello”"). */
export function describeMutation(mutation: LocalMutation): string {
  return mutatorOf(mutation).describe(mutation.args as never);
}
