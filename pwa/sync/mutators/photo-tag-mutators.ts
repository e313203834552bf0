import { photoTagKey } from '../../../schema/sync-protocol.ts';
import type { LocalMutators } from './local-mutator.ts';

export const photoTagMutators: LocalMutators<'photo.tag' | 'photo.untag'> = {
  'photo.tag': {
    async apply(writer, { photoId, userId, point }, { signedInUser, now }) {
      const photo = await writer.get('photos', photoId);
      if (!photo) return;
      const id = photoTagKey({ photoId, userId });
      const existing = await writer.get('photoTags', id);
      if (existing && existing.x === (point?.x ?? null) && existing.y === (point?.y ?? null)) return;
      await writer.put('photoTags', {
        id,
        familyId: photo.familyId,
        photoId,
        userId,
        taggedById: signedInUser.id,
        x: point?.x ?? null,
        y: point?.y ?? null,
        createdAt: existing?.createdAt ?? now,
      });
    },
    describe: () => 'Tagging someone in a photo',
  },

  'photo.untag': {
    async apply(writer, { photoId, userId }) {
      await writer.delete('photoTags', photoTagKey({ photoId, userId }));
    },
    describe: () => 'Removing a tag from a photo',
  },
};
