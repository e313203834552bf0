import type postgres from 'postgres';
import type { Post } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-source.ts';
import { publicUserJson } from './public-user-json.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { type InFamily, tombstoneChildren } from './synced-storage.ts';
import { createVoiceNoteRepository } from './voice-note-repository.ts';
import { isoTime } from './iso-time.ts';

export type NewPost = {
  id: string;
  familyId: string;
  authorId: string;
  content: string;
  photoIds: string[];
  version: number;
  /** When the author wrote it: its created and updated time. */
  writtenAt: Date;
};

/** What permission checks need to know about a post. */
export type PostRef = { id: string; familyId: string; authorId: string };

/**
 * One page of a family's feed: the newest posts, or the ones after the oldest post shown so far, named by its
 * `createdAt` (`before`) and its id (`beforeId`). Posts replayed from one device can share a millisecond: without
 * the id, those on the far side of a page's edge would never be shown.
 */
export type FeedPage = { limit: number; before?: Date; beforeId?: string };

export const postPullSource: PullSource = (sql, familyId, from) => sql`
  select p.version, p.id::text as id,
    jsonb_build_object(
      'id', p.id, 'familyId', p.family_id, 'authorId', p.author_id, 'content', p.content,
      'photoIds', to_jsonb(p.photo_ids), 'createdAt', ${isoTime(sql, sql`p.created_at`)}, 'updatedAt', ${isoTime(sql, sql`p.updated_at`)}
    ) as row
  from posts p where p.family_id = ${familyId} and p.version >= ${from}
`;

export function createPostRepository(sql: Queryable) {
  /**
   * Posts as the feed shows them (`Post[]`, newest first), as the JSON the API answers, made by PostgreSQL in one
   * statement with their authors, reactions and comments: no rows to turn into objects and back into text.
   */
  function postsJson(condition: postgres.Fragment, limit: number) {
    return sql`
      select coalesce(json_agg(page.post order by page.created_at desc, page.id desc), '[]')::text from (
        select p.created_at, p.id, json_build_object(
          'id', p.id, 'familyId', p.family_id, 'authorId', p.author_id, 'content', p.content,
          'photoIds', to_json(p.photo_ids), 'createdAt', ${isoTime(sql, sql`p.created_at`)},
          'updatedAt', ${isoTime(sql, sql`p.updated_at`)}, 'author', ${publicUserJson(sql, 'u')},
          'reactions', coalesce((
            select json_agg(json_build_object(
              'postId', r.post_id, 'userId', r.user_id, 'reactionType', r.reaction_type,
              'createdAt', ${isoTime(sql, sql`r.created_at`)}
            ) order by r.created_at, r.id)
            from post_reactions r where r.family_id = p.family_id and r.post_id = p.id
          ), '[]'),
          'comments', coalesce((
            select json_agg(json_build_object(
              'id', c.id, 'postId', c.post_id, 'authorId', c.author_id, 'content', c.content,
              'commentType', c.comment_type, 'createdAt', ${isoTime(sql, sql`c.created_at`)}, 'author', ${publicUserJson(sql, 'cu')}
            ) order by c.created_at, c.id)
            from comments c join users cu on cu.id = c.author_id where c.family_id = p.family_id and c.post_id = p.id
          ), '[]')
        ) as post
        from posts p join users u on u.id = p.author_id
        where ${condition}
        order by p.created_at desc, p.id desc
        limit ${limit}
      ) page
    `;
  }

  return {
    async findRef(postId: string, familyId: string): Promise<PostRef | null> {
      const [row] = await sql<{ id: string; family_id: string; author_id: string }[]>`
        select id, family_id, author_id from posts where id = ${postId} and family_id = ${familyId}
      `;
      return row ? { id: row.id, familyId: row.family_id, authorId: row.author_id } : null;
    },

    /** The post with its author, reactions and comments. */
    async find(postId: string, familyId: string): Promise<Post | null> {
      const [row] = await sql<{ posts: string }[]>`
        select (${postsJson(sql`p.family_id = ${familyId} and p.id = ${postId}`, 1)}) as posts
      `;
      const [post] = JSON.parse(row?.posts ?? '[]') as Post[];
      return post ?? null;
    },

    /**
     * One page of the feed as `userId` asks for it, already the answer's JSON; null when they are not a member of
     * the family (asked in the same statement).
     */
    async feedJson(familyId: string, userId: string, { limit, before, beforeId }: FeedPage): Promise<string | null> {
      // The same order as `postsJson`'s; `created_at <=` on its own lets the index start the scan at the page.
      const afterShown = !before
        ? sql``
        : beforeId
          ? sql`and p.created_at <= ${before} and (p.created_at < ${before} or p.id < ${beforeId})`
          : sql`and p.created_at < ${before}`;
      const [row] = await sql<{ member: boolean; posts: string }[]>`
        select exists (select 1 from family_members where family_id = ${familyId} and user_id = ${userId}) as member,
          (${postsJson(sql`p.family_id = ${familyId} ${afterShown}`, limit)}) as posts
      `;
      return row?.member ? row.posts : null;
    },

    /** False when the id is taken already. Putting the row again clears a tombstone of the same id. */
    create(post: NewPost): Promise<boolean> {
      return putClearingTombstone(
        sql,
        'posts',
        sql`
          insert into posts (id, family_id, author_id, content, photo_ids, version, created_at, updated_at)
          values (
            ${post.id}, ${post.familyId}, ${post.authorId}, ${post.content}, ${post.photoIds}::uuid[], ${post.version},
            ${post.writtenAt}, ${post.writtenAt}
          )
          on conflict (family_id, id) do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    async updateContent(post: InFamily, content: string, version: number, editedAt: Date): Promise<void> {
      await sql`
        update posts set content = ${content}, updated_at = ${editedAt}, version = ${version}
        where family_id = ${post.familyId} and id = ${post.id}
      `;
    },

    /**
     * Deletes the post; the foreign keys take its comments and reactions with it, each tombstoned first, and the voice
     * notes of its comments.
     */
    async delete(post: InFamily, version: number): Promise<void> {
      await tombstoneChildren(sql, 'posts', post.familyId, sql`${post.id}::uuid`, version);
      await createVoiceNoteRepository(sql).deleteOf(post.familyId, { postId: post.id }, version);
      await recordTombstones(
        sql,
        'posts',
        version,
        sql`
          delete from posts where family_id = ${post.familyId} and id = ${post.id}
          returning family_id, id::text as row_id
        `,
      );
    },
  };
}

export type PostRepository = ReturnType<typeof createPostRepository>;
