import { z } from 'zod';
import { familyOfRow, id, optionalText } from '../fields.ts';
import { limits } from '../limits.ts';
import { albumName } from '../field-rules.ts';

const photoText = {
  title: optionalText(limits.photoTitleMax),
  description: optionalText(limits.photoDescriptionMax),
};

export const photoMutationArgs = {
  /**
   * Names an uploaded file as a photo of the family. Sent only once the file has reached the server (its upload,
   * `POST /api/families/:id/photos/:photoId/file`, used the same id), so the photo never points at bytes nobody has.
   */
  'photo.create': z.strictObject({ photoId: id, familyId: id, albumId: id.nullable(), ...photoText }),
  /** The uploader or an admin: title, description, and which album it is in (null: none). */
  'photo.update': z.strictObject({ photoId: id, familyId: familyOfRow, albumId: id.nullable(), ...photoText }),
  /** The uploader or an admin; an album it was the cover of shows its newest photo instead. */
  'photo.delete': z.strictObject({ photoId: id, familyId: familyOfRow }),
  'album.create': z.strictObject({
    albumId: id,
    familyId: id,
    name: albumName,
    description: optionalText(limits.albumDescriptionMax),
  }),
  /** Its maker or an admin: its name, description and cover (a photo of the family, or null: its newest). */
  'album.update': z.strictObject({
    albumId: id,
    familyId: familyOfRow,
    name: albumName,
    description: optionalText(limits.albumDescriptionMax),
    coverPhotoId: id.nullable(),
  }),
  /** Its maker or an admin; its photos stay, in All Photos. */
  'album.delete': z.strictObject({ albumId: id, familyId: familyOfRow }),
} as const;
