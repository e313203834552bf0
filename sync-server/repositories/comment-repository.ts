import type { Queryable } from '../database.ts';

export type NewComment = {
  id: string;
  familyId: string;
  postId: string;
  authorId: string;
  content: string;
  version: number;
  now: Date;
};

/** What permission checks need to know about a comment. */
export type CommentRef = { id: string; familyId: string; postId: string; authorId: string };

export function createCommentRepository(sql: Queryable) {
  return {
    async findRef(commentId: string): Promise<CommentRef | null> {
      const [row] = await sql<{ id: string; family_id: string; post_id: string; author_id: string }[]>`
        select id, family_id, post_id, author_id from comments where id = ${commentId}
      `;
      return row ? { id: row.id, familyId: row.family_id, postId: row.post_id, authorId: row.author_id } : null;
    },

    /** False when the id is taken already. Putting the row again clears a tombstone of the same id. */
    async create(comment: NewComment): Promise<boolean> {
      const [row] = await sql<{ created: number }[]>`
        with created as (
          insert into comments (id, family_id, post_id, author_id, content, version, created_at, updated_at)
          values (
            ${comment.id}, ${comment.familyId}, ${comment.postId}, ${comment.authorId}, ${comment.content},
            ${comment.version}, ${comment.now}, ${comment.now}
          )
          on conflict (id) do nothing
          returning id, family_id
        ), cleared as (
          delete from sync_tombstones t using created
          where t.family_id = created.family_id and t.table_name = 'comments' and t.row_id = created.id::text
        )
        select count(*)::int as created from created
      `;
      return row?.created === 1;
    },

    async delete(commentId: string, version: number): Promise<boolean> {
      const rows = await sql`
        with deleted as (delete from comments where id = ${commentId} returning id, family_id)
        insert into sync_tombstones (family_id, table_name, row_id, version)
        select family_id, 'comments', id::text, ${version}::bigint from deleted
        on conflict (family_id, table_name, row_id) do update set version = excluded.version
        returning row_id
      `;
      return rows.length === 1;
    },
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
