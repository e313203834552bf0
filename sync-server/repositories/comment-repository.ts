import type { CommentType } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-source.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { isoTime } from './iso-time.ts';
import { createVoiceNoteRepository } from './voice-note-repository.ts';
import { type InFamily } from './synced-storage.ts';

export type NewComment = {
  id: string;
  familyId: string;
  postId: string;
  authorId: string;
  commentType: CommentType;
  content: string;
  version: number;
  /** When the author wrote it. */
  writtenAt: Date;
};

/** What permission checks need to know about a comment. */
export type CommentRef = { id: string; familyId: string; postId: string; authorId: string; commentType: CommentType };

export const commentPullSource: PullSource = (sql, familyId, from) => sql`
  select c.version, c.id::text as id,
    jsonb_build_object(
      'id', c.id, 'familyId', c.family_id, 'postId', c.post_id, 'authorId', c.author_id,
      'content', c.content, 'commentType', c.comment_type, 'createdAt', ${isoTime(sql, sql`c.created_at`)}
    ) as row
  from comments c where c.family_id = ${familyId} and c.version >= ${from}
`;

export function createCommentRepository(sql: Queryable) {
  return {
    async findRef(commentId: string, familyId: string): Promise<CommentRef | null> {
      const [row] = await sql<
        { id: string; family_id: string; post_id: string; author_id: string; comment_type: CommentType }[]
      >`
        select id, family_id, post_id, author_id, comment_type from comments
        where id = ${commentId} and family_id = ${familyId}
      `;
      return row
        ? {
            id: row.id,
            familyId: row.family_id,
            postId: row.post_id,
            authorId: row.author_id,
            commentType: row.comment_type,
          }
        : null;
    },
    /** False when the id is taken already. Putting the row again clears a tombstone of the same id. */
    create(comment: NewComment): Promise<boolean> {
      return putClearingTombstone(
        sql,
        'comments',
        sql`
          insert into comments (
            id, family_id, post_id, author_id, comment_type, content, version, created_at, updated_at
          )
          values (
            ${comment.id}, ${comment.familyId}, ${comment.postId}, ${comment.authorId}, ${comment.commentType},
            ${comment.content}, ${comment.version}, ${comment.writtenAt}, ${comment.writtenAt}
          )
          on conflict (family_id, id) do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    /** The comment goes, with its voice note, each tombstoned. */
    async delete(comment: InFamily, version: number): Promise<void> {
      await createVoiceNoteRepository(sql).deleteOf(comment.familyId, { commentId: comment.id }, version);
      await recordTombstones(
        sql,
        'comments',
        version,
        sql`
          delete from comments where family_id = ${comment.familyId} and id = ${comment.id}
          returning family_id, id::text as row_id
        `,
      );
    },
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
