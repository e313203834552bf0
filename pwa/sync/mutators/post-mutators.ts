import { deleteWithChildren } from '../row-writer.ts';
import { excerpt, type LocalMutators } from './local-mutator.ts';
import { deleteVoiceNotesOf } from './voice-note-mutators.ts';

export const postMutators: LocalMutators<'post.create' | 'post.update' | 'post.delete'> = {
  'post.create': {
    async apply(writer, { postId, familyId, content, photoIds }, { signedInUser, now }) {
      if (!(await writer.get('families', familyId)) || (await writer.get('posts', postId))) return;
      await writer.put('posts', {
        id: postId,
        familyId,
        authorId: signedInUser.id,
        content,
        photoIds: photoIds ?? [],
        createdAt: now,
        updatedAt: now,
      });
    },
    describe: ({ content }) => `Your post “${excerpt(content)}”`,
  },

  'post.update': {
    async apply(writer, { postId, content }, { now }) {
      const post = await writer.get('posts', postId);
      if (!post) return;
      await writer.put('posts', { ...post, content, updatedAt: now });
    },
    describe: ({ content }) => `Your edit “${excerpt(content)}”`,
  },

  'post.delete': {
    async apply(writer, { postId }) {
      if (!(await writer.get('posts', postId))) return;
      // With its comments' voice notes, as the server does in the same write.
      for (const commentId of await writer.idsWhere('comments', 'postId', postId)) {
        await deleteVoiceNotesOf(writer, 'commentId', commentId);
      }
      await deleteWithChildren(writer, 'posts', postId);
    },
    describe: () => 'Deleting a post',
  },
};
