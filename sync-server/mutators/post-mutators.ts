import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import { createPhotoRepository } from '../repositories/photo-repository.ts';
import { createPostRepository } from '../repositories/post-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { createOnce, lockFamilyAsMember, lockFamilyOfPost, timeWritten, writeAtNewVersion } from './access.ts';
import { MutationRejected, type MutationContext, type Mutators } from './mutator.ts';

export async function createPost(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'post.create'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyAsMember(tx, args.familyId, userId);
  const { familyId } = access;
  const posts = createPostRepository(tx);
  const writtenAt = timeWritten(access, context);
  // A photo id with no upload yet is the author's own, still on its way; one that names someone else's is refused.
  const photoIds = args.photoIds ?? [];
  if ((await createPhotoRepository(tx).filesNotOf(photoIds, familyId, userId)).length > 0) {
    throw new MutationRejected('photoOfSomeoneElse');
  }
  return createOnce(tx, access, {
    table: 'posts',
    id: args.postId,
    find: () => posts.findRef(args.postId, familyId),
    isThisCreate: (post) => post.familyId === familyId && post.authorId === userId,
    create: async (version) => {
      const created = await posts.create({
        id: args.postId,
        familyId,
        authorId: userId,
        content: args.content,
        photoIds,
        version,
        writtenAt,
      });
      if (created) {
        await createNotificationRepository(tx).notify({
          familyId,
          type: 'new_post',
          groupKey: 'posts',
          relatedId: args.postId,
          actorId: userId,
          excerpt: args.content,
          version,
        });
      }
      return created;
    },
  });
}

/** Only the author edits a post. */
export async function updatePost(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'post.update'>,
): Promise<FamilyChange> {
  const access = await lockFamilyOfPost(tx, context.userId, args);
  const post = access.row;
  if (post.authorId !== context.userId) throw new MutationRejected('notYourPost');
  return writeAtNewVersion(access, (version) =>
    createPostRepository(tx).updateContent(post, args.content, version, timeWritten(access, context)),
  );
}

/** The author or an admin of the family; the post's comments and reactions go with it. */
export async function deletePost(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'post.delete'>,
): Promise<FamilyChange> {
  const access = await lockFamilyOfPost(tx, userId, args);
  const post = access.row;
  if (post.authorId !== userId && access.role !== 'admin') throw new MutationRejected('notAllowedToDelete');
  return writeAtNewVersion(access, (version) => createPostRepository(tx).delete(post, version));
}

export const postMutators: Mutators<'post.create' | 'post.update' | 'post.delete'> = {
  'post.create': createPost,
  'post.update': updatePost,
  'post.delete': deletePost,
};
