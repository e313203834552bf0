import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { alreadyCreated, lockFamilyAsMember, lockFamilyOfPost } from './access.ts';
import { MutationRejected, type MutationContext } from './mutator.ts';

export async function createPost(
  tx: Transaction,
  { userId, now }: MutationContext,
  args: MutationArgs<'post.create'>,
): Promise<FamilyChange | null> {
  const { familyId, writeVersion } = await lockFamilyAsMember(tx, args.familyId, userId);
  const posts = createPostRepository(tx);
  const existing = await posts.findRef(args.postId);
  if (alreadyCreated(existing, (post) => post.familyId === familyId && post.authorId === userId)) return null;
  const version = await writeVersion();
  const created = await posts.create({
    id: args.postId,
    familyId,
    authorId: userId,
    content: args.content,
    version,
    now,
  });
  // Taken since the look above, by a post of another family: this family's lock does not cover that one.
  if (!created) throw new MutationRejected('idTaken');
  return { familyId, version, membershipChanged: [] };
}

/** Only the author edits a post. */
export async function updatePost(
  tx: Transaction,
  { userId, now }: MutationContext,
  args: MutationArgs<'post.update'>,
): Promise<FamilyChange> {
  const { familyId, writeVersion, row: post } = await lockFamilyOfPost(tx, userId, args.postId);
  if (post.authorId !== userId) throw new MutationRejected('notYourPost');
  const version = await writeVersion();
  await createPostRepository(tx).updateContent(post.id, args.content, version, now);
  return { familyId, version, membershipChanged: [] };
}

/** The author or an admin of the family; the post's comments and reactions go with it. */
export async function deletePost(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'post.delete'>,
): Promise<FamilyChange> {
  const { familyId, writeVersion, role, row: post } = await lockFamilyOfPost(tx, userId, args.postId);
  if (post.authorId !== userId && role !== 'admin') throw new MutationRejected('notAllowedToDelete');
  const version = await writeVersion();
  await createPostRepository(tx).delete(post.id, version);
  return { familyId, version, membershipChanged: [] };
}
