import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { lockFamilyAsMember, lockFamilyOfPost } from './access.ts';
import { MutationRejected, type MutationContext } from './mutator.ts';

export async function createPost(
  tx: Transaction,
  { userId, now }: MutationContext,
  args: MutationArgs<'post.create'>,
): Promise<FamilyChange> {
  const { familyId, version } = await lockFamilyAsMember(tx, args.familyId, userId);
  const posts = createPostRepository(tx);
  const created = await posts.create({
    id: args.postId,
    familyId,
    authorId: userId,
    content: args.content,
    version,
    now,
  });
  if (!created) {
    const existing = await posts.findRef(args.postId);
    if (existing?.familyId !== familyId || existing.authorId !== userId) throw new MutationRejected('idTaken');
  }
  return { familyId, version, membershipChanged: [] };
}

/** Only the author edits a post. */
export async function updatePost(
  tx: Transaction,
  { userId, now }: MutationContext,
  args: MutationArgs<'post.update'>,
): Promise<FamilyChange> {
  const { familyId, version, row: post } = await lockFamilyOfPost(tx, userId, args.postId);
  if (post.authorId !== userId) throw new MutationRejected('notYourPost');
  await createPostRepository(tx).updateContent(post.id, args.content, version, now);
  return { familyId, version, membershipChanged: [] };
}

/** The author or an admin of the family; the post's comments and reactions go with it. */
export async function deletePost(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'post.delete'>,
): Promise<FamilyChange> {
  const { familyId, version, role, row: post } = await lockFamilyOfPost(tx, userId, args.postId);
  if (post.authorId !== userId && role !== 'admin') throw new MutationRejected('notAllowedToDelete');
  await createPostRepository(tx).delete(post.id, version);
  return { familyId, version, membershipChanged: [] };
}
