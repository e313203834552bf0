import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createCommentRepository } from '../repositories/comment-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { alreadyCreated, lockFamilyOfPost, lockFamilyOfRow } from './access.ts';
import { MutationRejected, type MutationContext } from './mutator.ts';

export async function createComment(
  tx: Transaction,
  { userId, now }: MutationContext,
  args: MutationArgs<'comment.create'>,
): Promise<FamilyChange | null> {
  const { familyId, writeVersion } = await lockFamilyOfPost(tx, userId, args.postId);
  const comments = createCommentRepository(tx);
  const existing = await comments.findRef(args.commentId);
  if (alreadyCreated(existing, (comment) => comment.postId === args.postId && comment.authorId === userId)) {
    return null;
  }
  const version = await writeVersion();
  const created = await comments.create({
    id: args.commentId,
    familyId,
    postId: args.postId,
    authorId: userId,
    content: args.content,
    version,
    now,
  });
  // Taken since the look above, by a comment of another family: this family's lock does not cover that one.
  if (!created) throw new MutationRejected('idTaken');
  return { familyId, version, membershipChanged: [] };
}

/** The comment's author, or an admin of the family. */
export async function deleteComment(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'comment.delete'>,
): Promise<FamilyChange> {
  const comments = createCommentRepository(tx);
  const {
    familyId,
    writeVersion,
    role,
    row: comment,
  } = await lockFamilyOfRow(tx, userId, {
    table: 'comments',
    id: args.commentId,
    find: () => comments.findRef(args.commentId),
    deletedKind: 'commentNotFound',
  });
  if (comment.authorId !== userId && role !== 'admin') throw new MutationRejected('notAllowedToDelete');
  const version = await writeVersion();
  await comments.delete(comment.id, version);
  return { familyId, version, membershipChanged: [] };
}
