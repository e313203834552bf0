import type postgres from 'postgres';
import type { Photo, PublicUser } from '../../schema/index.ts';
import { photoUrl } from '../../schema/photo-urls.ts';
import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-source.ts';
import { publicUserJson } from './public-user-json.ts';
import { listSeenByMember } from './seen-by-member.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { type InFamily, tombstoneChildren } from './synced-storage.ts';
import { isoTime } from './iso-time.ts';
import { createVoiceNoteRepository } from './voice-note-repository.ts';

/** A stored upload: the bytes a photo will name (sync-server/photos/). */
export type PhotoFile = {
  photoId: string;
  familyId: string;
  uploadedById: string;
  sha256: string;
  byteSize: number;
  contentType: string;
  width: number;
  height: number;
};

export type NewPhoto = {
  id: string;
  familyId: string;
  uploadedById: string;
  albumId: string | null;
  title: string | null;
  description: string | null;
  version: number;
  writtenAt: Date;
};

/** What permission checks need to know about a photo. */
export type PhotoRef = { id: string; familyId: string; uploadedById: string; albumId: string | null };

type PhotoFileRow = {
  photo_id: string;
  family_id: string;
  uploaded_by_id: string;
  sha256: string;
  byte_size: number;
  content_type: string;
  width: number;
  height: number;
};

function toPhotoFile(row: PhotoFileRow): PhotoFile {
  return {
    photoId: row.photo_id,
    familyId: row.family_id,
    uploadedById: row.uploaded_by_id,
    sha256: row.sha256,
    byteSize: row.byte_size,
    contentType: row.content_type,
    width: row.width,
    height: row.height,
  };
}

/** The preview's address is the photo's `imageUrl` (schema/photo-urls.ts says the same in TypeScript). */
export const photoPullSource: PullSource = (sql, familyId, from) => sql`
  select p.version, p.id::text as id,
    jsonb_build_object(
      'id', p.id, 'familyId', p.family_id, 'uploadedById', p.uploaded_by_id, 'albumId', p.album_id,
      'title', p.title, 'description', p.description, 'imageUrl', '/api/photos/' || p.id || '/preview',
      'createdAt', ${isoTime(sql, sql`p.created_at`)}
    ) as row
  from photos p where p.family_id = ${familyId} and p.version >= ${from}
`;

type PhotoRow = {
  id: string;
  family_id: string;
  uploaded_by_id: string;
  album_id: string | null;
  title: string | null;
  description: string | null;
  created_at: Date;
  uploaded_by: PublicUser;
};

function toPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    familyId: row.family_id,
    uploadedById: row.uploaded_by_id,
    albumId: row.album_id,
    title: row.title,
    description: row.description,
    imageUrl: photoUrl(row.id, 'preview'),
    createdAt: row.created_at.toISOString(),
    uploadedBy: row.uploaded_by,
  };
}

export function createPhotoRepository(sql: Queryable) {
  function photosSelect(condition: postgres.Fragment) {
    return sql`
      select p.id, p.family_id, p.uploaded_by_id, p.album_id, p.title, p.description, p.created_at,
        ${publicUserJson(sql, 'u')} as uploaded_by
      from photos p join users u on u.id = p.uploaded_by_id
      where ${condition}
    `;
  }

  async function photosWhere(condition: postgres.Fragment): Promise<Photo[]> {
    const rows = await sql<PhotoRow[]>`${photosSelect(condition)} order by p.created_at desc, p.id desc`;
    return rows.map(toPhoto);
  }

  return {
    async findFile(photoId: string, familyId: string): Promise<PhotoFile | null> {
      const [row] = await sql<PhotoFileRow[]>`
        select * from photo_files where family_id = ${familyId} and photo_id = ${photoId}
      `;
      return row ? toPhotoFile(row) : null;
    },

    /**
     * The file of `photoId` as `userId` may fetch it, in one statement: in a family of theirs (`familyId` when the
     * address names it; a photo id is unique only in its family, decision 0068), once it is a photo, or before that
     * to its uploader, who shows it while naming it. Null for anyone else, exactly as for an id that never existed.
     */
    async fileVisibleTo(photoId: string, userId: string, familyId: string | null): Promise<PhotoFile | null> {
      const [row] = await sql<PhotoFileRow[]>`
        select f.* from photo_files f
        join family_members m on m.family_id = f.family_id and m.user_id = ${userId}
        left join photos p on p.family_id = f.family_id and p.id = f.photo_id
        where f.photo_id = ${photoId} ${familyId === null ? sql`` : sql`and f.family_id = ${familyId}`}
          and (f.uploaded_by_id = ${userId} or p.id is not null)
        limit 1
      `;
      return row ? toPhotoFile(row) : null;
    },

    /**
     * The uploads among `photoIds` in `familyId` that are not `userId`'s (ids with no upload there yet are not among
     * them).
     */
    async filesNotOf(photoIds: string[], familyId: string, userId: string): Promise<string[]> {
      if (photoIds.length === 0) return [];
      const rows = await sql<{ photo_id: string }[]>`
        select photo_id from photo_files
        where family_id = ${familyId} and photo_id = any(${photoIds}::uuid[]) and uploaded_by_id <> ${userId}
      `;
      return rows.map((row) => row.photo_id);
    },

    /** False when the id is taken already (an upload repeated after its answer was lost). */
    async addFile(file: PhotoFile): Promise<boolean> {
      const rows = await sql`
        insert into photo_files (photo_id, family_id, uploaded_by_id, sha256, byte_size, content_type, width, height)
        values (
          ${file.photoId}, ${file.familyId}, ${file.uploadedById}, ${file.sha256}, ${file.byteSize},
          ${file.contentType}, ${file.width}, ${file.height}
        )
        on conflict (family_id, photo_id) do nothing
        returning photo_id
      `;
      return rows.length === 1;
    },

    async findRef(photoId: string, familyId: string): Promise<PhotoRef | null> {
      const [row] = await sql<{ id: string; family_id: string; uploaded_by_id: string; album_id: string | null }[]>`
        select id, family_id, uploaded_by_id, album_id from photos where id = ${photoId} and family_id = ${familyId}
      `;
      return row
        ? { id: row.id, familyId: row.family_id, uploadedById: row.uploaded_by_id, albumId: row.album_id }
        : null;
    },

    /**
     * The family's photos, newest first, with who shared them (product.md §7 `GET /api/families/:id/photos`), as
     * `userId` reads them: null when they are not one of its members.
     */
    async seenBy(familyId: string, userId: string): Promise<Photo[] | null> {
      const rows = await listSeenByMember<PhotoRow>(
        sql,
        { familyId, userId },
        photosSelect(sql`p.family_id = ${familyId}`),
        sql`listed.created_at desc, listed.id desc`,
      );
      return rows?.map(toPhoto) ?? null;
    },

    async find(photoId: string, familyId: string): Promise<Photo | null> {
      const [photo] = await photosWhere(sql`p.family_id = ${familyId} and p.id = ${photoId}`);
      return photo ?? null;
    },

    /** False when the id is taken already. Putting the row again clears a tombstone of the same id. */
    /** Whether a post or a chat message of the family names the photo (it was shared with them). */
    async isSharedInPostOrChat(photoId: string, familyId: string): Promise<boolean> {
      const [row] = await sql<{ shared: boolean }[]>`
        select exists (select 1 from posts where family_id = ${familyId} and ${photoId}::uuid = any(photo_ids))
          or exists (select 1 from messages where family_id = ${familyId} and photo_id = ${photoId}) as shared
      `;
      return row?.shared ?? false;
    },

    create(photo: NewPhoto): Promise<boolean> {
      return putClearingTombstone(
        sql,
        'photos',
        sql`
          insert into photos (id, family_id, uploaded_by_id, album_id, title, description, version, created_at, updated_at)
          values (
            ${photo.id}, ${photo.familyId}, ${photo.uploadedById}, ${photo.albumId}, ${photo.title},
            ${photo.description}, ${photo.version}, ${photo.writtenAt}, ${photo.writtenAt}
          )
          on conflict (family_id, id) do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    async update(
      photo: InFamily,
      fields: { albumId: string | null; title: string | null; description: string | null },
      version: number,
      editedAt: Date,
    ): Promise<void> {
      await sql`
        update photos set album_id = ${fields.albumId}, title = ${fields.title}, description = ${fields.description},
          updated_at = ${editedAt}, version = ${version}
        where family_id = ${photo.familyId} and id = ${photo.id}
      `;
    },

    /** Photos of the album leave it (they stay in All Photos), each moved to `version` so devices hear of it. */
    async takeOutOfAlbum(album: InFamily, version: number): Promise<void> {
      await sql`
        update photos set album_id = null, version = ${version}
        where family_id = ${album.familyId} and album_id = ${album.id}
      `;
    },

    /**
     * The photo goes, with its tags and the stories told of it; its file stays until housekeeping (another photo of
     * the family may share its bytes).
     */
    async delete(photo: InFamily, version: number): Promise<void> {
      await tombstoneChildren(sql, 'photos', photo.familyId, sql`${photo.id}::uuid`, version);
      await createVoiceNoteRepository(sql).deleteOf(photo.familyId, { photoId: photo.id }, version);
      await recordTombstones(
        sql,
        'photos',
        version,
        sql`
          delete from photos where family_id = ${photo.familyId} and id = ${photo.id}
          returning family_id, id::text as row_id
        `,
      );
    },
  };
}

export type PhotoRepository = ReturnType<typeof createPhotoRepository>;
