import type postgres from 'postgres';
import type { Post, PublicUser } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import { createCommentRepository } from './comment-repository.ts';
import type { PullSource } from './pull-sources.ts';
import { publicUserJson } from './public-user-json.ts';
import { createReactionRepository } from './reaction-repository.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';

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

type PostRow = {
  id: string;
  family_id: string;
  author_id: string;
  content: string;
  photo_ids: string[];
  created_at: Date;
  updated_at: Date;
  author: PublicUser;
};

export const postPullSource: PullSource = (sql, familyId, from) => sql`
  select p.version, p.id::text as id,
    jsonb_build_object(
      'id', p.id, 'familyId', p.family_id, 'authorId', p.author_id, 'content', p.content,
      'photoIds', to_jsonb(p.photo_ids), 'createdAt', p.created_at, 'updatedAt', p.updated_at
    ) as row
  from posts p where p.family_id = ${familyId} and p.version >= ${from}
`;

function groupByPost<Row extends { postId: string }>(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.postId);
    if (group) group.push(row);
    else groups.set(row.postId, [row]);
  }
  return groups;
}

export function createPostRepository(sql: Queryable) {
  /**
   * Posts as the feed shows them, newest first. Three queries however many posts there are: the posts with their
   * authors, then the reactions and the comments of all of them at once.
   */
  async function postsWhere(condition: postgres.Fragment, limit: number): Promise<Post[]> {
    const rows = await sql<PostRow[]>`
      select p.id, p.family_id, p.author_id, p.content, p.photo_ids, p.created_at, p.updated_at,
        ${publicUserJson(sql, 'u')} as author
      from posts p join users u on u.id = p.author_id
      where ${condition}
      order by p.created_at desc, p.id desc
      limit ${limit}
    `;
    const postIds = rows.map((row) => row.id);
    const reactions = groupByPost(await createReactionRepository(sql).ofPosts(postIds));
    const comments = groupByPost(await createCommentRepository(sql).ofPosts(postIds));
    return rows.map((row) => ({
      id: row.id,
      familyId: row.family_id,
      authorId: row.author_id,
      content: row.content,
      photoIds: row.photo_ids,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      author: row.author,
      reactions: reactions.get(row.id) ?? [],
      comments: comments.get(row.id) ?? [],
    }));
  }

  return {
    async findRef(postId: string): Promise<PostRef | null> {
      const [row] = await sql<{ id: string; family_id: string; author_id: string }[]>`
        select id, family_id, author_id from posts where id = ${postId}
      `;
      return row ? { id: row.id, familyId: row.family_id, authorId: row.author_id } : null;
    },

    /** The post with its author, reactions and comments. */
    async find(postId: string): Promise<Post | null> {
      const [post] = await postsWhere(sql`p.id = ${postId}`, 1);
      return post ?? null;
    },

    feed(familyId: string, { limit, before, beforeId }: FeedPage): Promise<Post[]> {
      // The same order as `postsWhere`'s; `created_at <=` on its own lets the index start the scan at the page.
      const afterShown = !before
        ? sql``
        : beforeId
          ? sql`and p.created_at <= ${before} and (p.created_at < ${before} or p.id < ${beforeId})`
          : sql`and p.created_at < ${before}`;
      return postsWhere(sql`p.family_id = ${familyId} ${afterShown}`, limit);
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
          on conflict (id) do nothing
          returning family_id, id::text as row_id
        `,
      );
    },

    async updateContent(postId: string, content: string, version: number, editedAt: Date): Promise<void> {
      await sql`
        update posts set content = ${content}, updated_at = ${editedAt}, version = ${version} where id = ${postId}
      `;
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
