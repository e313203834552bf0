import { reactionKey } from '../../../schema/sync-protocol.ts';
import type { LocalMutators } from './local-mutator.ts';

export const reactionMutators: LocalMutators<'reaction.set'> = {
  'reaction.set': {
    async apply(writer, { postId, reactionType, reacted }, { signedInUser, now }) {
      const post = await writer.get('posts', postId);
      if (!post) return;
      const id = reactionKey({ postId, userId: signedInUser.id, reactionType });
      if (!reacted) {
        await writer.delete('reactions', id);
      } else if (!(await writer.get('reactions', id))) {
        await writer.put('reactions', {
          id,
          familyId: post.familyId,
          postId,
          userId: signedInUser.id,
          reactionType,
          createdAt: now,
        });
      }
    },
    describe: ({ reacted }) => (reacted ? 'Your like' : 'Taking back a like'),
  },
};
