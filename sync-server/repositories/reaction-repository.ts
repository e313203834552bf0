import type { reactionTypes } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';

type ReactionType = (typeof reactionTypes)[number];

/** One user's reaction of one type to one post: at most one exists (the table's primary key). */
export type ReactionRef = { postId: string; userId: string; reactionType: ReactionType };

export function createReactionRepository(sql: Queryable) {
  return {
    async exists(reaction: ReactionRef): Promise<boolean> {
      const rows = await sql`
        select 1 from post_reactions
        where post_id = ${reaction.postId} and user_id = ${reaction.userId} and reaction_type = ${reaction.reactionType}
      `;
      return rows.length === 1;
    },

    /**
     * Puts the reaction unless it is there already (then nothing changes). Its tombstone, from an earlier unset of
     * the same key, goes: the key is the row's id on every device, so the put must win over the old delete.
     */
    async put(reaction: ReactionRef & { familyId: string; version: number; now: Date }): Promise<boolean> {
      const [row] = await sql<{ created: number }[]>`
        with created as (
          insert into post_reactions (post_id, user_id, reaction_type, family_id, version, created_at)
          values (
            ${reaction.postId}, ${reaction.userId}, ${reaction.reactionType}, ${reaction.familyId},
            ${reaction.version}, ${reaction.now}
          )
          on conflict (post_id, user_id, reaction_type) do nothing
          returning family_id, post_id || ':' || user_id || ':' || reaction_type as key
        ), cleared as (
          delete from sync_tombstones t using created
          where t.family_id = created.family_id and t.table_name = 'reactions' and t.row_id = created.key
        )
        select count(*)::int as created from created
      `;
      return row?.created === 1;
    },

    async delete(reaction: ReactionRef, version: number): Promise<boolean> {
      const rows = await sql`
        with deleted as (
          delete from post_reactions
          where post_id = ${reaction.postId} and user_id = ${reaction.userId}
            and reaction_type = ${reaction.reactionType}
          returning family_id, post_id || ':' || user_id || ':' || reaction_type as key
        )
        insert into sync_tombstones (family_id, table_name, row_id, version)
        select family_id, 'reactions', key, ${version}::bigint from deleted
        on conflict (family_id, table_name, row_id) do update set version = excluded.version
        returning row_id
      `;
      return rows.length === 1;
    },
  };
}

export type ReactionRepository = ReturnType<typeof createReactionRepository>;
