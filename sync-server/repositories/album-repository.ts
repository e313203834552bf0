import type { Album } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-source.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { listSeenByMember } from './seen-by-member.ts';
import { isoTime } from './iso-time.ts';
import { type InFamily } from './synced-storage.ts';

export type NewAlbum = {
  id: string;
  familyId: string;
  createdById: string;
  name: string;
  description: string | null;
  version: number;
  writtenAt: Date;
};

/** What permission checks need to know about an album. */
export type AlbumRef = { id: string; familyId: string; createdById: string };

type AlbumRow = {
  id: string;
  family_id: string;
  created_by_id: string;
  name: string;
  description: string | null;
  cover_photo_id: string | null;
  created_at: Date;
};

export const albumPullSource: PullSource = (sql, familyId, from) => sql`
  select a.version, a.id::text as id,
    jsonb_build_object(
      'id', a.id, 'familyId', a.family_id, 'createdById', a.created_by_id, 'name', a.name,
      'description', a.description, 'coverPhotoId', a.cover_photo_id, 'createdAt', ${isoTime(sql, sql`a.created_at`)}
    ) as row
  from albums a where a.family_id = ${familyId} and a.version >= ${from}
`;

function toAlbum(row: AlbumRow): Album {
  return {
    id: row.id,
    familyId: row.family_id,
    createdById: row.created_by_id,
    name: row.name,
    description: row.description,
    coverPhotoId: row.cover_photo_id,
    createdAt: row.created_at.toISOString(),
  };
}

export function createAlbumRepository(sql: Queryable) {
  return {
    async findRef(albumId: string, familyId: string): Promise<AlbumRef | null> {
      const [row] = await sql<{ id: string; family_id: string; created_by_id: string }[]>`
        select id, family_id, created_by_id from albums where id = ${albumId} and family_id = ${familyId}
      `;
      return row ? { id: row.id, familyId: row.family_id, createdById: row.created_by_id } : null;
    },

    async find(albumId: string, familyId: string): Promise<Album | null> {
      const [row] = await sql<AlbumRow[]>`select * from albums where family_id = ${familyId} and id = ${albumId}`;
      return row ? toAlbum(row) : null;
    },

    /**
     * The family's albums by name (product.md §7 `GET /api/families/:id/albums`), as `userId` reads them: null when
     * they are not one of its members.
     */
    async seenBy(familyId: string, userId: string): Promise<Album[] | null> {
      const rows = await listSeenByMember<AlbumRow>(
        sql,
        { familyId, userId },
        sql`select * from albums where family_id = ${familyId}`,
        sql`listed.name, listed.id`,
      );
      return rows?.map(toAlbum) ?? null;
    },

    /** False when the id is taken already. Putting the row again clears a tombstone of the same id. */
    create(album: NewAlbum): Promise<boolean> {
      return putClearingTombstone(
        sql,
        'albums',
        sql`
          insert into albums (id, family_id, created_by_id, name, description, version, created_at, updated_at)
          values (
            ${album.id}, ${album.familyId}, ${album.createdById}, ${album.name}, ${album.description},
            ${album.version}, ${album.writtenAt}, ${album.writtenAt}
          )
          on conflict (family_id, id) do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    async update(
      album: InFamily,
      fields: { name: string; description: string | null; coverPhotoId: string | null },
      version: number,
      editedAt: Date,
    ): Promise<void> {
      await sql`
        update albums set name = ${fields.name}, description = ${fields.description},
          cover_photo_id = ${fields.coverPhotoId}, updated_at = ${editedAt}, version = ${version}
        where family_id = ${album.familyId} and id = ${album.id}
      `;
    },

    /** Albums whose cover was this photo show their newest photo from now on. */
    async dropCover(photo: InFamily, version: number): Promise<void> {
      await sql`
        update albums set cover_photo_id = null, version = ${version}
        where family_id = ${photo.familyId} and cover_photo_id = ${photo.id}
      `;
    },

    async delete(album: InFamily, version: number): Promise<void> {
      await recordTombstones(
        sql,
        'albums',
        version,
        sql`
          delete from albums where family_id = ${album.familyId} and id = ${album.id}
          returning family_id, id::text as row_id
        `,
      );
    },
  };
}
