import type { MutationArgs } from '../../schema/index.ts';
import type { Transaction } from '../database.ts';
import { createAlbumRepository } from '../repositories/album-repository.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import { createPhotoRepository } from '../repositories/photo-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import {
  createOnce,
  lockFamilyAsMember,
  lockFamilyOfRow,
  timeWritten,
  writeAtNewVersion,
  type FamilyAccess,
} from './access.ts';
import { MutationRejected, type MutationContext, type Mutators } from './mutator.ts';

export function lockFamilyOfPhoto(tx: Transaction, userId: string, photo: { photoId: string; familyId?: string }) {
  const photos = createPhotoRepository(tx);
  return lockFamilyOfRow(tx, userId, {
    table: 'photos',
    id: photo.photoId,
    familyId: photo.familyId,
    find: (familyId) => photos.findRef(photo.photoId, familyId),
    deletedKind: 'photoNotFound',
  });
}

function lockFamilyOfAlbum(tx: Transaction, userId: string, album: { albumId: string; familyId?: string }) {
  const albums = createAlbumRepository(tx);
  return lockFamilyOfRow(tx, userId, {
    table: 'albums',
    id: album.albumId,
    familyId: album.familyId,
    find: (familyId) => albums.findRef(album.albumId, familyId),
    deletedKind: 'albumNotFound',
  });
}

/** An album named by a photo write must be one of the photo's family (a deleted one reads as deleted). */
async function requireAlbumOfFamily(tx: Transaction, access: FamilyAccess, albumId: string | null): Promise<void> {
  if (albumId === null) return;
  const album = await createAlbumRepository(tx).findRef(albumId, access.familyId);
  if (album?.familyId !== access.familyId) throw new MutationRejected('albumNotFound');
}

/** Names the file the person uploaded under this id, in the family they uploaded it to, as a photo of it. */
export async function createPhoto(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'photo.create'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyAsMember(tx, args.familyId, userId);
  const photos = createPhotoRepository(tx);
  const existing = await photos.findRef(args.photoId, access.familyId);
  if (!existing) {
    const file = await photos.findFile(args.photoId, access.familyId);
    // Someone else's upload, or another family's, is as good as none: a photo only names its own person's bytes.
    if (file?.uploadedById !== userId || file.familyId !== access.familyId) {
      throw new MutationRejected('photoFileMissing');
    }
    await requireAlbumOfFamily(tx, access, args.albumId);
  }
  return createOnce(tx, access, {
    table: 'photos',
    id: args.photoId,
    // Read above, before deciding what else to check.
    find: async () => existing,
    isThisCreate: (photo) => photo.familyId === access.familyId && photo.uploadedById === userId,
    create: async (version) => {
      const created = await photos.create({
        id: args.photoId,
        familyId: access.familyId,
        uploadedById: userId,
        albumId: args.albumId,
        title: args.title,
        description: args.description,
        version,
        writtenAt: timeWritten(access, context),
      });
      // A photo shared with a post or in the chat is told of by the post or the message (written first, in order).
      if (created && !(await photos.isSharedInPostOrChat(args.photoId, access.familyId))) {
        await createNotificationRepository(tx).notify({
          familyId: access.familyId,
          type: 'new_photos',
          groupKey: 'photos',
          relatedId: args.photoId,
          actorId: userId,
          excerpt: args.title ?? '',
          version,
        });
      }
      return created;
    },
  });
}

/** The uploader or an admin: title, description, album. */
export async function updatePhoto(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'photo.update'>,
): Promise<FamilyChange> {
  const access = await lockFamilyOfPhoto(tx, context.userId, args);
  if (access.row.uploadedById !== context.userId && access.role !== 'admin') {
    throw new MutationRejected('notYourPhoto');
  }
  await requireAlbumOfFamily(tx, access, args.albumId);
  return writeAtNewVersion(access, (version) =>
    createPhotoRepository(tx).update(
      access.row,
      { albumId: args.albumId, title: args.title, description: args.description },
      version,
      timeWritten(access, context),
    ),
  );
}

/** The uploader or an admin; albums it was the cover of fall back to their newest photo. */
export async function deletePhoto(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'photo.delete'>,
): Promise<FamilyChange> {
  const access = await lockFamilyOfPhoto(tx, userId, args);
  if (access.row.uploadedById !== userId && access.role !== 'admin') throw new MutationRejected('notAllowedToDelete');
  return writeAtNewVersion(access, async (version) => {
    await createAlbumRepository(tx).dropCover(access.row, version);
    await createPhotoRepository(tx).delete(access.row, version);
  });
}

export async function createAlbum(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'album.create'>,
): Promise<FamilyChange | null> {
  const { userId } = context;
  const access = await lockFamilyAsMember(tx, args.familyId, userId);
  const albums = createAlbumRepository(tx);
  return createOnce(tx, access, {
    table: 'albums',
    id: args.albumId,
    find: () => albums.findRef(args.albumId, access.familyId),
    isThisCreate: (album) => album.familyId === access.familyId && album.createdById === userId,
    create: (version) =>
      albums.create({
        id: args.albumId,
        familyId: access.familyId,
        createdById: userId,
        name: args.name,
        description: args.description,
        version,
        writtenAt: timeWritten(access, context),
      }),
  });
}

/** Its maker or an admin: its name, description and cover, which must be a photo of the family. */
export async function updateAlbum(
  tx: Transaction,
  context: MutationContext,
  args: MutationArgs<'album.update'>,
): Promise<FamilyChange> {
  const access = await lockFamilyOfAlbum(tx, context.userId, args);
  if (access.row.createdById !== context.userId && access.role !== 'admin') throw new MutationRejected('notYourAlbum');
  if (args.coverPhotoId !== null) {
    const cover = await createPhotoRepository(tx).findRef(args.coverPhotoId, access.familyId);
    if (cover?.familyId !== access.familyId) throw new MutationRejected('photoNotFound');
  }
  return writeAtNewVersion(access, (version) =>
    createAlbumRepository(tx).update(
      access.row,
      { name: args.name, description: args.description, coverPhotoId: args.coverPhotoId },
      version,
      timeWritten(access, context),
    ),
  );
}

/** Its maker or an admin; its photos stay, in All Photos. */
export async function deleteAlbum(
  tx: Transaction,
  { userId }: MutationContext,
  args: MutationArgs<'album.delete'>,
): Promise<FamilyChange> {
  const access = await lockFamilyOfAlbum(tx, userId, args);
  if (access.row.createdById !== userId && access.role !== 'admin') throw new MutationRejected('notAllowedToDelete');
  return writeAtNewVersion(access, async (version) => {
    await createPhotoRepository(tx).takeOutOfAlbum(access.row, version);
    await createAlbumRepository(tx).delete(access.row, version);
  });
}

export const photoMutators: Mutators<
  'photo.create' | 'photo.update' | 'photo.delete' | 'album.create' | 'album.update' | 'album.delete'
> = {
  'photo.create': createPhoto,
  'photo.update': updatePhoto,
  'photo.delete': deletePhoto,
  'album.create': createAlbum,
  'album.update': updateAlbum,
  'album.delete': deleteAlbum,
};
