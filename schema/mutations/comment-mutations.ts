import { z } from 'zod';
import { id } from '../fields.ts';
import { commentContent } from '../requests.ts';

export const commentMutationArgs = {
  'comment.create': z.strictObject({ commentId: id, postId: id, content: commentContent }),
  /** The comment's author deletes it (an admin of the family too). */
  'comment.delete': z.strictObject({ commentId: id }),
} as const;
