import type { z } from 'zod';
import {
  fieldIssues,
  mutationArgsSchemas,
  mutationNameSchema,
  type MutationArgs,
  type MutationName,
} from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { commentMutators } from './comment-mutators.ts';
import { eventMutators } from './event-mutators.ts';
import { familyMutators } from './family-mutators.ts';
import { memberMutators } from './member-mutators.ts';
import { messageMutators } from './message-mutators.ts';
import { notificationMutators } from './notification-mutators.ts';
import type { MutationContext, Mutator } from './mutator.ts';
import { photoMutators } from './photo-mutators.ts';
import { photoTagMutators } from './photo-tag-mutators.ts';
import { postMutators } from './post-mutators.ts';
import { reactionMutators } from './reaction-mutators.ts';
import { voiceNoteMutators } from './voice-note-mutators.ts';

/** The server's side of every named write, one module per entity; a name without a mutator fails the typecheck. */
export const mutators: { [N in MutationName]: Mutator<N> } = {
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

export type PreparedMutation = (tx: Transaction, context: MutationContext) => Promise<FamilyChange | null>;

/**
 * A replayed mutation's name and arguments checked with the shared schemas and bound to its mutator, or the first
 * problem with them (the device checked them with the same schemas, so this only happens across versions, such as
 * a device newer than the server, or with a bug).
 */
export function prepareMutation(name: string, args: unknown): { run: PreparedMutation } | { invalid: string } {
  const known = mutationNameSchema.safeParse(name);
  if (!known.success) return { invalid: firstProblem(known.error) };
  return prepareKnownMutation(known.data, args);
}

function prepareKnownMutation<N extends MutationName>(
  name: N,
  args: unknown,
): { run: PreparedMutation } | { invalid: string } {
  // TypeScript cannot follow a generic name into the schemas object; `MutationArgs<N>` is that schema's output.
  const schema = mutationArgsSchemas[name] as unknown as z.ZodType<MutationArgs<N>>;
  const parsed = schema.safeParse(args);
  if (!parsed.success) return { invalid: firstProblem(parsed.error) };
  const mutator: Mutator<N> = mutators[name];
  return { run: (tx, context) => mutator(tx, context, parsed.data) };
}

function firstProblem(error: z.ZodError): string {
  return fieldIssues(error)[0]?.message ?? 'unknown problem';
}
