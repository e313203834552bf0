import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import { createCommentRepository } from '../repositories/comment-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { createOnce, lockFamilyOfPost, lockFamilyOfRow, timeWritten, writeAtNewVersion } from './access.ts';
import { MutationRejected, type MutationContext, type Mutators } from './mutator.ts';

export async function createComment(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'comment.create'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyOfPost(tx, userId, args);
  const comments = createCommentRepository(tx);
  const commentType = 'commentType' in args ? args.commentType : 'text';
  const content = 'content' in args ? args.content : '';
  return createOnce(tx, access, {
    table: 'comments',
    id: args.commentId,
    find: () => comments.findRef(args.commentId, access.familyId),
    isThisCreate: (comment) =>
      comment.postId === args.postId && comment.authorId === userId && comment.commentType === commentType,
    create: async (version) => {
      const created = await comments.create({
        id: args.commentId,
        familyId: access.familyId,
        postId: args.postId,
        authorId: userId,
        commentType,
        content,
        version,
        writtenAt: timeWritten(access, context),
      });
      // The post's author hears of it (not of their own comments); of a voice comment once its length is known, with
      // its voice note.
      if (created && commentType === 'text') {
        await createNotificationRepository(tx).notify({
          familyId: access.familyId,
          type: 'post_comment',
          groupKey: args.postId,
          relatedId: args.postId,
          actorId: userId,
          excerpt: content,
          version,
          recipients: [access.row.authorId],
        });
      }
      return created;
    },
  });
}

/** The comment's author, or an admin of the family. */
export async function deleteComment(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'comment.delete'>,
): Promise<FamilyChange> {
  const comments = createCommentRepository(tx);
  const access = await lockFamilyOfRow(tx, userId, {
    table: 'comments',
    id: args.commentId,
    familyId: args.familyId,
    find: (familyId) => comments.findRef(args.commentId, familyId),
    deletedKind: 'commentNotFound',
  });
  const comment = access.row;
  if (comment.authorId !== userId && access.role !== 'admin') throw new MutationRejected('notAllowedToDelete');
  return writeAtNewVersion(access, (version) => comments.delete(comment, version));
}

export const commentMutators: Mutators<'comment.create' | 'comment.delete'> = {
  'comment.create': createComment,
  'comment.delete': deleteComment,
};
