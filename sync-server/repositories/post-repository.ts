import type { Queryable } from '../database.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';

export type NewPost = {
  id: string;
  familyId: string;
  authorId: string;
  content: string;
  version: number;
  now: Date;
};

/** What permission checks need to know about a post. */
export type PostRef = { id: string; familyId: string; authorId: string };

/** A post as it was stored, without its author, reactions or comments. */
export type StoredPost = PostRef & {
  content: string;
  photoIds: string[];
  createdAt: string;
  updatedAt: string;
};

type PostRow = {
  id: string;
  family_id: string;
  author_id: string;
  content: string;
  photo_ids: string[];
  created_at: Date;
  updated_at: Date;
};

export function createPostRepository(sql: Queryable) {
  return {
    async findRef(postId: string): Promise<PostRef | null> {
      const [row] = await sql<{ id: string; family_id: string; author_id: string }[]>`
        select id, family_id, author_id from posts where id = ${postId}
      `;
      return row ? { id: row.id, familyId: row.family_id, authorId: row.author_id } : null;
    },

    async find(postId: string): Promise<StoredPost | null> {
      const [row] = await sql<PostRow[]>`
        select id, family_id, author_id, content, photo_ids, created_at, updated_at from posts where id = ${postId}
      `;
      if (!row) return null;
      return {
        id: row.id,
        familyId: row.family_id,
        authorId: row.author_id,
        content: row.content,
        photoIds: row.photo_ids,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      };
    },

    /** False when the id is taken already. Putting the row again clears a tombstone of the same id. */
    create(post: NewPost): Promise<boolean> {
      return putClearingTombstone(
        sql,
        'posts',
        sql`
          insert into posts (id, family_id, author_id, content, version, created_at, updated_at)
          values (
            ${post.id}, ${post.familyId}, ${post.authorId}, ${post.content}, ${post.version}, ${post.now}, ${post.now}
          )
          on conflict (id) do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    async updateContent(postId: string, content: string, version: number, now: Date): Promise<void> {
      await sql`update posts set content = ${content}, updated_at = ${now}, version = ${version} where id = ${postId}`;
    },

    /**
     * Deletes the post; the foreign keys take its comments and reactions with it. Each of them is tombstoned too:
     * devices would remove them with the post anyway, but a later write naming one of them (deleting a comment of
     * the deleted post) must learn it was deleted, which only a tombstone can say.
     */
    async delete(postId: string, version: number): Promise<void> {
      await recordTombstones(
        sql,
        'comments',
        version,
        sql`select family_id, id::text as row_id from comments where post_id = ${postId}`,
      );
      await recordTombstones(
        sql,
        'reactions',
        version,
        sql`select family_id, id as row_id from post_reactions where post_id = ${postId}`,
      );
      await recordTombstones(
        sql,
        'posts',
        version,
        sql`delete from posts where id = ${postId} returning family_id, id::text as row_id`,
      );
    },
  };
}

export type PostRepository = ReturnType<typeof createPostRepository>;
