import { z } from 'zod';
import { familyOfRow, id } from '../fields.ts';
import { limits } from '../limits.ts';
import { postContent } from '../field-rules.ts';

export const postMutationArgs = {
  /**
   * `photoIds`: photos the author picked with the post, by the ids their uploads use (decision 0017). Sent before
   * their files may be up: a photo shows in the post once it exists, and no sooner.
   */
  'post.create': z.strictObject({
    postId: id,
    familyId: id,
    content: postContent,
    photoIds: z.array(id).max(limits.photosPerPost).optional(),
  }),
  /** Only the author edits a post. */
  'post.update': z.strictObject({ postId: id, familyId: familyOfRow, content: postContent }),
  /** The author, or an admin of the post's family, deletes a post; its comments and reactions go with it. */
  'post.delete': z.strictObject({ postId: id, familyId: familyOfRow }),
} as const;
