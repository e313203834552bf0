import { z } from 'zod';
import { photoPointSchema } from '../entities.ts';
import { familyOfRow, id } from '../fields.ts';

export const photoTagMutationArgs = {
  /**
   * Says that a member of the photo's family is in it, and where (null: somewhere). Idempotent: tagging again only
   * moves the point.
   */
  'photo.tag': z.strictObject({ photoId: id, familyId: familyOfRow, userId: id, point: photoPointSchema.nullable() }),
  /** The tagged person, whoever tagged them, or an admin. Idempotent: a tag that is not there stays not there. */
  'photo.untag': z.strictObject({ photoId: id, familyId: familyOfRow, userId: id }),
} as const;
