import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import { createPhotoTagRepository } from '../repositories/photo-tag-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { timeWritten, writeAtNewVersion } from './access.ts';
import { MutationRejected, type MutationContext, type Mutators } from './mutator.ts';
import { lockFamilyOfPhoto } from './photo-mutators.ts';

/**
 * A member of the photo's family tags a member of it (themselves too), or moves a tag's point. The tagged person is
 * told once per photo, and not at all when they tagged themselves.
 */
export async function tagPhoto(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'photo.tag'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyOfPhoto(tx, userId, args);
  if ((await createFamilyRepository(tx).membershipOf(access.familyId, args.userId)) === null) {
    throw new MutationRejected('notInFamily');
  }
  const tags = createPhotoTagRepository(tx);
  const ref = { familyId: access.familyId, photoId: args.photoId, userId: args.userId };
  const existing = await tags.find(ref);
  if (existing && samePoint(existing.point, args.point)) return null;
  return writeAtNewVersion(access, async (version) => {
    await tags.put({
      ...ref,
      taggedById: userId,
      point: args.point,
      version,
      writtenAt: timeWritten(access, context),
    });
    if (!existing && args.userId !== userId) {
      await createNotificationRepository(tx).notify({
        familyId: access.familyId,
        type: 'photo_tag',
        groupKey: `photo:${args.photoId}`,
        relatedId: args.photoId,
        actorId: userId,
        excerpt: '',
        version,
        recipients: [args.userId],
        once: true,
      });
    }
  });
}

function samePoint(a: { x: number; y: number } | null, b: { x: number; y: number } | null): boolean {
  return a === null || b === null ? a === b : a.x === b.x && a.y === b.y;
}

/** The tagged person, whoever tagged them, or an admin. A tag that is not there is already what was asked. */
export async function untagPhoto(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'photo.untag'>,
): Promise<FamilyChange | null> {
  const access = await lockFamilyOfPhoto(tx, userId, args);
  const tags = createPhotoTagRepository(tx);
  const ref = { familyId: access.familyId, photoId: args.photoId, userId: args.userId };
  const existing = await tags.find(ref);
  if (!existing) return null;
  if (existing.userId !== userId && existing.taggedById !== userId && access.role !== 'admin') {
    throw new MutationRejected('notYourTag');
  }
  return writeAtNewVersion(access, (version) => tags.delete(ref, version));
}

export const photoTagMutators: Mutators<'photo.tag' | 'photo.untag'> = {
  'photo.tag': tagPhoto,
  'photo.untag': untagPhoto,
};
