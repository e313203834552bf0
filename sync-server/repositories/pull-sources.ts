import type postgres from 'postgres';
import type { SyncedTable } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import { albumPullSource } from './album-repository.ts';
import { commentPullSource } from './comment-repository.ts';
import { eventPullSource, rsvpPullSource } from './event-repository.ts';
import { familyPullSource, memberPullSource } from './family-repository.ts';
import { chatReadPullSource, messagePullSource } from './message-repository.ts';
import { notificationPullSource } from './notification-repository.ts';
import { photoPullSource } from './photo-repository.ts';
import { postPullSource } from './post-repository.ts';
import { reactionPullSource } from './reaction-repository.ts';

/**
 * How a pull reads one synced table: a `select version, id, row` of the family's rows with a version of at least
 * `from`, where `id` is the text id devices know the row by and `row` is built in exactly the table's synced row
 * shape (schema/sync.ts `syncedRowSchemas`). Each repository exports the source of its own table.
 */
export type PullSource = (sql: Queryable, familyId: string, from: number, pull: PullScope) => postgres.Fragment;

/** Who is pulling, and whether their device holds nothing of the family yet (most sources need neither). */
export type PullScope = { userId: string; fromStart: boolean };

/** One per synced table (schema/synced-tables.ts): a declared table without a source fails the typecheck. */
export const pullSources: { [T in SyncedTable]: PullSource } = {
  families: familyPullSource,
  members: memberPullSource,
  posts: postPullSource,
  comments: commentPullSource,
  reactions: reactionPullSource,
  albums: albumPullSource,
  photos: photoPullSource,
  events: eventPullSource,
  rsvps: rsvpPullSource,
  messages: messagePullSource,
  chatReads: chatReadPullSource,
  notifications: notificationPullSource,
};
