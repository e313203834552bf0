import { z } from 'zod';
import { reactionTypeSchema } from '../entities.ts';
import { familyOfRow, id } from '../fields.ts';

export const reactionMutationArgs = {
  /** Idempotent: says whether the signed-in user's reaction of this type should exist, not "toggle". */
  'reaction.set': z.strictObject({
    postId: id,
    familyId: familyOfRow,
    reactionType: reactionTypeSchema,
    reacted: z.boolean(),
  }),
} as const;
