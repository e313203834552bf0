import { z } from 'zod';
import { id } from '../fields.ts';
import { postContent } from '../requests.ts';

export const postMutationArgs = {
  'post.create': z.strictObject({ postId: id, familyId: id, content: postContent }),
  /** Only the author edits a post. */
  'post.update': z.strictObject({ postId: id, content: postContent }),
  /** The author, or an admin of the post's family, deletes a post; its comments and reactions go with it. */
  'post.delete': z.strictObject({ postId: id }),
} as const;
