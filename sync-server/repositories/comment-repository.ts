import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-sources.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { isoTime } from './iso-time.ts';

export type NewComment = {
  id: string;
  familyId: string;
  postId: string;
  authorId: string;
  content: string;
  version: number;
  /** When the author wrote it. */
  writtenAt: Date;
};

/** What permission checks need to know about a comment. */
export type CommentRef = { id: string; familyId: string; postId: string; authorId: string };

export const commentPullSource: PullSource = (sql, familyId, from) => sql`
  select c.version, c.id::text as id,
    jsonb_build_object(
      'id', c.id, 'familyId', c.family_id, 'postId', c.post_id, 'authorId', c.author_id,
      'content', c.content, 'createdAt', ${isoTime(sql, sql`c.created_at`)}
    ) as row
  from comments c where c.family_id = ${familyId} and c.version >= ${from}
`;

export function createCommentRepository(sql: Queryable) {
  return {
    async findRef(commentId: string): Promise<CommentRef | null> {
      const [row] = await sql<{ id: string; family_id: string; post_id: string; author_id: string }[]>`
        select id, family_id, post_id, author_id from comments where id = ${commentId}
      `;
      return row ? { id: row.id, familyId: row.family_id, postId: row.post_id, authorId: row.author_id } : null;
    },
    /** False when the id is taken already. Putting the row again clears a tombstone of the same id. */
    create(comment: NewComment): Promise<boolean> {
      return putClearingTombstone(
        sql,
        'comments',
        sql`
          insert into comments (id, family_id, post_id, author_id, content, version, created_at, updated_at)
          values (
            ${comment.id}, ${comment.familyId}, ${comment.postId}, ${comment.authorId}, ${comment.content},
            ${comment.version}, ${comment.writtenAt}, ${comment.writtenAt}
          )
          on conflict (id) do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    async delete(commentId: string, version: number): Promise<void> {
      await recordTombstones(
        sql,
        'comments',
        version,
        sql`delete from comments where id = ${commentId} returning family_id, id::text as row_id`,
      );
    },
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
