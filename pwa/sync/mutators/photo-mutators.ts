import { photoUrl } from '../../../schema/photo-urls.ts';
import type { HearthRows } from '../../db/hearth-db.ts';
import { deleteWithChildren, type RowWriter } from '../row-writer.ts';
import { excerpt, type LocalMutators } from './local-mutator.ts';
import { deleteVoiceNotesOf } from './voice-note-mutators.ts';

/**
 * A family's albums or photos, looked up by `familyId` rather than by album: a rebase knows a pull concerns this
 * write by the ranges of the family it read (footprint.ts), and `familyId` is the range every row sits in.
 */
async function rowsOfFamily<T extends 'albums' | 'photos'>(
  writer: RowWriter,
  table: T,
  familyId: string,
): Promise<HearthRows[T][]> {
  const rows: HearthRows[T][] = [];
  for (const id of await writer.idsWhere(table, 'familyId', familyId)) {
    const row = await writer.get(table, id);
    if (row) rows.push(row);
  }
  return rows;
}

export const photoMutators: LocalMutators<
  'photo.create' | 'photo.update' | 'photo.delete' | 'album.create' | 'album.update' | 'album.delete'
> = {
  'photo.create': {
    async apply(writer, { photoId, familyId, albumId, title, description }, { signedInUser, now }) {
      if (!(await writer.get('families', familyId)) || (await writer.get('photos', photoId))) return;
      await writer.put('photos', {
        id: photoId,
        familyId,
        uploadedById: signedInUser.id,
        albumId,
        title,
        description,
        // Sent only once its file is on the server (photo-upload-queue.ts): the address already works.
        imageUrl: photoUrl(photoId, 'preview'),
        createdAt: now,
      });
    },
    describe: ({ title }) => (title ? `Your photo “${excerpt(title)}”` : 'Your photo'),
  },

  'photo.update': {
    async apply(writer, { photoId, albumId, title, description }) {
      const photo = await writer.get('photos', photoId);
      if (photo) await writer.put('photos', { ...photo, albumId, title, description });
    },
    describe: ({ title }) => (title ? `Your changes to “${excerpt(title)}”` : 'Your changes to a photo'),
  },

  'photo.delete': {
    async apply(writer, { photoId }) {
      const photo = await writer.get('photos', photoId);
      if (!photo) return;
      for (const album of await rowsOfFamily(writer, 'albums', photo.familyId)) {
        if (album.coverPhotoId === photoId) await writer.put('albums', { ...album, coverPhotoId: null });
      }
      await deleteVoiceNotesOf(writer, 'photoId', photoId);
      // With its tags, as the server's foreign key takes them.
      await deleteWithChildren(writer, 'photos', photoId);
    },
    describe: () => 'Deleting a photo',
  },

  'album.create': {
    async apply(writer, { albumId, familyId, name, description }, { signedInUser, now }) {
      if (!(await writer.get('families', familyId)) || (await writer.get('albums', albumId))) return;
      await writer.put('albums', {
        id: albumId,
        familyId,
        createdById: signedInUser.id,
        name,
        description,
        coverPhotoId: null,
        createdAt: now,
      });
    },
    describe: ({ name }) => `Your album “${excerpt(name)}”`,
  },

  'album.update': {
    async apply(writer, { albumId, name, description, coverPhotoId }) {
      const album = await writer.get('albums', albumId);
      if (album) await writer.put('albums', { ...album, name, description, coverPhotoId });
    },
    describe: ({ name }) => `Your changes to the album “${excerpt(name)}”`,
  },

  'album.delete': {
    async apply(writer, { albumId }) {
      const album = await writer.get('albums', albumId);
      if (!album) return;
      // Its photos stay, in All Photos, as on the server.
      for (const photo of await rowsOfFamily(writer, 'photos', album.familyId)) {
        if (photo.albumId === albumId) await writer.put('photos', { ...photo, albumId: null });
      }
      await writer.delete('albums', albumId);
    },
    describe: () => 'Deleting an album',
  },
};
