import type { PhotoPoint } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-source.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { isoTime } from './iso-time.ts';

/** One person in one photo: at most one tag exists (the table's primary key). */
export type PhotoTagRef = { familyId: string; photoId: string; userId: string };

export type PhotoTag = PhotoTagRef & { taggedById: string; point: PhotoPoint | null };

/** A tag's id is the generated tag key (schema/sync-protocol.ts `photoTagKey`). */
export const photoTagPullSource: PullSource = (sql, familyId, from) => sql`
  select t.version, t.id,
    jsonb_build_object(
      'id', t.id, 'familyId', t.family_id, 'photoId', t.photo_id, 'userId', t.user_id,
      'taggedById', t.tagged_by_id, 'x', t.x, 'y', t.y, 'createdAt', ${isoTime(sql, sql`t.created_at`)}
    ) as row
  from photo_tags t where t.family_id = ${familyId} and t.version >= ${from}
`;

/** Writes here run under the lock of the photo's family: the tag cannot change between a look and a write. */
export function createPhotoTagRepository(sql: Queryable) {
  return {
    async find(tag: PhotoTagRef): Promise<PhotoTag | null> {
      const [row] = await sql<{ tagged_by_id: string; x: number | null; y: number | null }[]>`
        select tagged_by_id, x, y from photo_tags
        where family_id = ${tag.familyId} and photo_id = ${tag.photoId} and user_id = ${tag.userId}
      `;
      if (!row) return null;
      const point = row.x === null || row.y === null ? null : { x: row.x, y: row.y };
      return { ...tag, taggedById: row.tagged_by_id, point };
    },

    /** Puts a tag that is not there, or moves one that is (then it is the mover's). */
    async put(tag: PhotoTag & { version: number; writtenAt: Date }): Promise<void> {
      await putClearingTombstone(
        sql,
        'photoTags',
        sql`
          insert into photo_tags (photo_id, user_id, family_id, tagged_by_id, x, y, version, created_at)
          values (
            ${tag.photoId}, ${tag.userId}, ${tag.familyId}, ${tag.taggedById}, ${tag.point?.x ?? null},
            ${tag.point?.y ?? null}, ${tag.version}, ${tag.writtenAt}
          )
          on conflict (family_id, photo_id, user_id) do update
            set tagged_by_id = excluded.tagged_by_id, x = excluded.x, y = excluded.y, version = excluded.version
          returning family_id, id as row_id
        `,
      );
    },

    async delete(tag: PhotoTagRef, version: number): Promise<void> {
      await recordTombstones(
        sql,
        'photoTags',
        version,
        sql`
          delete from photo_tags
          where family_id = ${tag.familyId} and photo_id = ${tag.photoId} and user_id = ${tag.userId}
          returning family_id, id as row_id
        `,
      );
    },
  };
}
