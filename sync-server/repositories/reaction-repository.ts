import type { reactionTypes } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import type { PullSource } from './pull-source.ts';
import { putClearingTombstone, recordTombstones } from './sync-tombstones.ts';
import { isoTime } from './iso-time.ts';

type ReactionType = (typeof reactionTypes)[number];

/** One user's reaction of one type to one post: at most one exists (the table's primary key). */
export type ReactionRef = { familyId: string; postId: string; userId: string; reactionType: ReactionType };

/** A reaction's id is the generated reaction key (schema/sync-protocol.ts `reactionKey`). */
export const reactionPullSource: PullSource = (sql, familyId, from) => sql`
  select r.version, r.id,
    jsonb_build_object(
      'id', r.id, 'familyId', r.family_id, 'postId', r.post_id, 'userId', r.user_id,
      'reactionType', r.reaction_type, 'createdAt', ${isoTime(sql, sql`r.created_at`)}
    ) as row
  from post_reactions r where r.family_id = ${familyId} and r.version >= ${from}
`;

/** Writes here run under the lock of the post's family: the reaction cannot change between a look and a write. */
export function createReactionRepository(sql: Queryable) {
  return {
    async exists(reaction: ReactionRef): Promise<boolean> {
      const rows = await sql`
        select 1 from post_reactions
        where family_id = ${reaction.familyId} and post_id = ${reaction.postId} and user_id = ${reaction.userId}
          and reaction_type = ${reaction.reactionType}
      `;
      return rows.length === 1;
    },

    /** Puts a reaction that is not there. */
    async put(reaction: ReactionRef & { version: number; writtenAt: Date }): Promise<void> {
      await putClearingTombstone(
        sql,
        'reactions',
        sql`
          insert into post_reactions (post_id, user_id, reaction_type, family_id, version, created_at)
          values (
            ${reaction.postId}, ${reaction.userId}, ${reaction.reactionType}, ${reaction.familyId},
            ${reaction.version}, ${reaction.writtenAt}
          )
          returning family_id, id as row_id
        `,
      );
    },

    async delete(reaction: ReactionRef, version: number): Promise<void> {
      await recordTombstones(
        sql,
        'reactions',
        version,
        sql`
          delete from post_reactions
          where family_id = ${reaction.familyId} and post_id = ${reaction.postId} and user_id = ${reaction.userId}
            and reaction_type = ${reaction.reactionType}
          returning family_id, id as row_id
        `,
      );
    },
  };
}

export type ReactionRepository = ReturnType<typeof createReactionRepository>;
