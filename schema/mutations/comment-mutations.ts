import { z } from 'zod';
import { familyOfRow, id } from '../fields.ts';
import { commentContent } from '../field-rules.ts';

export const commentMutationArgs = {
  /**
   * A comment in words, or a voice comment (decision 0065), named by its voice note once its recording is up
   * (`voiceNote.create`), as a voice message is. A text comment carries no type: written so before voice comments.
   */
  'comment.create': z.union([
    z.strictObject({ commentId: id, postId: id, familyId: familyOfRow, content: commentContent }),
    z.strictObject({ commentId: id, postId: id, familyId: familyOfRow, commentType: z.literal('voice') }),
  ]),
  /** The comment's author deletes it (an admin of the family too). */
  'comment.delete': z.strictObject({ commentId: id, familyId: familyOfRow }),
} as const;
