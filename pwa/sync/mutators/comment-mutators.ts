import { excerpt, type LocalMutators } from './local-mutator.ts';
import { deleteVoiceNotesOf } from './voice-note-mutators.ts';

export const commentMutators: LocalMutators<'comment.create' | 'comment.delete'> = {
  'comment.create': {
    async apply(writer, args, { signedInUser, now }) {
      const { commentId, postId } = args;
      const post = await writer.get('posts', postId);
      if (!post || (await writer.get('comments', commentId))) return;
      // A voice comment has no words: its voice note names it once its recording is up (decision 0065).
      await writer.put('comments', {
        id: commentId,
        familyId: post.familyId,
        postId,
        authorId: signedInUser.id,
        content: 'content' in args ? args.content : '',
        commentType: 'commentType' in args ? args.commentType : 'text',
        createdAt: now,
      });
    },
    describe: (args) => ('content' in args ? `Your comment “${excerpt(args.content)}”` : 'Your voice comment'),
  },

  'comment.delete': {
    async apply(writer, { commentId }) {
      await deleteVoiceNotesOf(writer, 'commentId', commentId);
      await writer.delete('comments', commentId);
    },
    describe: () => 'Deleting a comment',
  },
};
