import { excerpt, type LocalMutators } from './local-mutator.ts';

export const commentMutators: LocalMutators<'comment.create' | 'comment.delete'> = {
  'comment.create': {
    async apply(writer, { commentId, postId, content }, { signedInUser, now }) {
      const post = await writer.get('posts', postId);
      if (!post || (await writer.get('comments', commentId))) return;
      await writer.put('comments', {
        id: commentId,
        familyId: post.familyId,
        postId,
        authorId: signedInUser.id,
        content,
        createdAt: now,
      });
    },
    describe: ({ content }) => `Your comment “${excerpt(content)}”`,
  },

  'comment.delete': {
    async apply(writer, { commentId }) {
      await writer.delete('comments', commentId);
    },
    describe: () => 'Deleting a comment',
  },
};
