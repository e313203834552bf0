import type postgres from 'postgres';
import { childTablesOf, type SyncedTable } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import { recordTombstones } from './sync-tombstones.ts';

/**
 * Where each synced table (schema/synced-tables.ts) lives in PostgreSQL: a declared table without one fails the
 * typecheck. Every one has `family_id`, `version` and an `id` column holding the id devices know a row by, and a
 * column per row field, named as the field in snake case (`authorId` is `author_id`).
 */
export const storedIn: { [T in SyncedTable]: string } = {
  families: 'families',
  members: 'family_members',
  posts: 'posts',
  comments: 'comments',
  reactions: 'post_reactions',
  albums: 'albums',
  photos: 'photos',
  photoTags: 'photo_tags',
  events: 'events',
  rsvps: 'event_attendees',
  messages: 'messages',
  chatReads: 'chat_reads',
  notifications: 'notifications',
  voiceNotes: 'voice_notes',
};

/** A row of a family table as statements name it: by its family as well as its id (decision 0063). */
export type InFamily = { familyId: string; id: string };

/** The column of a row field: `authorId` is `author_id`. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Tombstones, at `version`, every row of the tables declared children of `parent` (and theirs, all the way down)
 * that belongs to the rows `parentIds` selects, before the foreign keys take them silently with their parent.
 * Devices would drop them with the parent anyway; a later write naming one (deleting a comment of a deleted post)
 * must learn it was deleted, which only a tombstone can say.
 */
export async function tombstoneChildren(
  sql: Queryable,
  parent: SyncedTable,
  familyId: string,
  parentIds: postgres.Fragment,
  version: number,
): Promise<void> {
  for (const child of childTablesOf(parent)) {
    const rows = sql`
      ${sql(storedIn[child.table])} where family_id = ${familyId} and ${sql(columnOf(child.field))} in (${parentIds})
    `;
    await tombstoneChildren(sql, child.table, familyId, sql`select id from ${rows}`, version);
    await recordTombstones(sql, child.table, version, sql`select family_id, id::text as row_id from ${rows}`);
  }
}
