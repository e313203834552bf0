import { z } from 'zod';
import { id, timestamp } from './fields.ts';
import { commentMutationArgs } from './mutations/comment-mutations.ts';
import { familyMutationArgs } from './mutations/family-mutations.ts';
import { memberMutationArgs } from './mutations/member-mutations.ts';
import { eventMutationArgs } from './mutations/event-mutations.ts';
import { messageMutationArgs } from './mutations/message-mutations.ts';
import { notificationMutationArgs } from './mutations/notification-mutations.ts';
import { photoMutationArgs } from './mutations/photo-mutations.ts';
import { photoTagMutationArgs } from './mutations/photo-tag-mutations.ts';
import { postMutationArgs } from './mutations/post-mutations.ts';
import { reactionMutationArgs } from './mutations/reaction-mutations.ts';
import { voiceNoteMutationArgs } from './mutations/voice-note-mutations.ts';
import { mutationNameMax, pushBatchMax } from './sync-protocol.ts';
import {
  syncedAlbumSchema,
  syncedChatReadSchema,
  syncedCommentSchema,
  syncedEventSchema,
  syncedFamilySchema,
  syncedMemberSchema,
  syncedMessageSchema,
  syncedNotificationSchema,
  syncedVoiceNoteSchema,
  syncedPhotoSchema,
  syncedPhotoTagSchema,
  syncedPostSchema,
  syncedReactionSchema,
  syncedRsvpSchema,
  syncedUserSchema,
} from './synced-rows.ts';
import { syncedTables, type Change, type RowPut, type SyncedRows, type SyncedTable } from './synced-tables.ts';

export * from './sync-protocol.ts';
export * from './synced-rows.ts';
export * from './synced-tables.ts';

/**
 * The sync protocol shared by the device and the server (docs/decisions/0006-sync-protocol.md). A device writes
 * locally and queues named mutations; `POST /api/sync/push` replays them once each, in order; `POST /api/sync/pull`
 * answers what changed in each of the user's families since the device's cursor; `GET /api/sync/live` pokes open
 * devices when a family moves on.
 */

// ---------------------------------------------------------------------------------------------------------------
// Mutations: one shared argument schema per named write, kept by entity in schema/mutations/. Ids of new rows are
// made on the device (UUIDs), so a create replayed twice is still one row. Author, membership and role are never
// arguments: the server takes them from the session and the database at replay time.

export const mutationArgsSchemas = {
  ...familyMutationArgs,
  ...memberMutationArgs,
  ...postMutationArgs,
  ...commentMutationArgs,
  ...reactionMutationArgs,
  ...photoMutationArgs,
  ...photoTagMutationArgs,
  ...eventMutationArgs,
  ...messageMutationArgs,
  ...notificationMutationArgs,
  ...voiceNoteMutationArgs,
} as const;

export type MutationName = keyof typeof mutationArgsSchemas;
export const mutationNames = Object.keys(mutationArgsSchemas) as MutationName[];
export type MutationArgs<N extends MutationName> = z.output<(typeof mutationArgsSchemas)[N]>;

/** Checked per mutation at replay time, so a name one side does not know is refused alone (see below). */
export const mutationNameSchema = z.enum(mutationNames as [MutationName, ...MutationName[]], {
  error: "Hearth's server does not know this kind of change",
});

/**
 * One queued write as it travels. `name` and `args` are checked per mutation, at replay time: a device newer than
 * the server (or the other way round) must not have its whole queue refused for one write the server does not know.
 */
export const pushedMutationSchema = z.strictObject({
  /** Per-device counter, 1, 2, 3…: the server applies seq n only after n − 1. */
  seq: z.number().int().positive(),
  name: z.string().min(1).max(mutationNameMax),
  args: z.unknown(),
  /**
   * When the person made the write, by the device's clock. The server corrects it by how far that clock is from its
   * own (`sentAt`) and bounds it by what it can trust (docs/decisions/0012-the-time-a-person-wrote-something.md).
   */
  writtenAt: timestamp,
});
export type PushedMutation = z.infer<typeof pushedMutationSchema>;

/**
 * What every push and pull says about the device: who it belongs to and which history of the server it last saw. A
 * device's database belongs to one person (`userId`, the database's owner): a request made under anyone else's
 * session is refused with 403 and changes nothing. `epoch` is null until the device has heard one; a push with none
 * is answered 409 with the epoch, as one naming another history is, and the device sends it again naming it.
 */
const deviceRequestFields = {
  protocolVersion: z.number().int(),
  deviceId: id,
  userId: id,
  epoch: id.nullable(),
  /**
   * The highest seq this device has heard the server's history answer: every seq up to it was applied, refused or a
   * duplicate (the writes still waiting to be sent come after it). The server never answers a seq before recording
   * it, so a device naming more than the server recorded for it has seen a history the database no longer holds: it
   * was put back in time (docs/decisions/0050-devices-witness-a-database-put-back.md).
   */
  acknowledgedSeq: z.number().int().nonnegative(),
  /**
   * The device's IANA time zone (`Europe/Oslo`), so a birthday is told on the day where its person is. Optional: a
   * zone the server does not know is ignored.
   */
  timeZone: z.string().max(64).optional(),
};

export const pushRequestSchema = z.strictObject({
  ...deviceRequestFields,
  /** The device's clock as it sent this push: how far it is from the server's says how to read `writtenAt`. */
  sentAt: timestamp,
  mutations: z.array(pushedMutationSchema).min(1).max(pushBatchMax),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const mutationResultSchema = z.discriminatedUnion('status', [
  z.strictObject({ seq: z.number().int(), status: z.literal('applied') }),
  /**
   * Already handled before (seq ≤ the device's watermark): nothing happens again. `reason` is there when the
   * original attempt was rejected, so a device that lost that answer still learns why.
   */
  z.strictObject({ seq: z.number().int(), status: z.literal('duplicate'), reason: z.string().optional() }),
  /** Can never succeed (invalid, not allowed, target gone): recorded, the watermark moves on. */
  z.strictObject({ seq: z.number().int(), status: z.literal('rejected'), reason: z.string() }),
]);
export type MutationResult = z.infer<typeof mutationResultSchema>;

/**
 * 200 answer of a push. Results are in order for the mutations handled; when `gap` is set the batch stopped at a
 * seq the server cannot apply yet (an earlier one never arrived) and nothing after it was looked at. A 503 answer
 * carries the same shape: the mutations before the failure are in `results`, the rest were not tried.
 */
export const pushResponseSchema = z.object({
  /** The server's history these answers belong to (see `historyChangedSchema`). */
  epoch: id,
  results: z.array(mutationResultSchema),
  lastAppliedSeq: z.number().int().nonnegative(),
  gap: z.object({ expectedSeq: z.number().int().positive() }).optional(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

/** Each synced table's row schema (schema/synced-tables.ts declares the tables); a table without one fails the typecheck. */
export const syncedRowSchemas: { [T in SyncedTable]: z.ZodType<SyncedRows[T]> } = {
  families: syncedFamilySchema,
  members: syncedMemberSchema,
  posts: syncedPostSchema,
  comments: syncedCommentSchema,
  reactions: syncedReactionSchema,
  albums: syncedAlbumSchema,
  photos: syncedPhotoSchema,
  photoTags: syncedPhotoTagSchema,
  events: syncedEventSchema,
  rsvps: syncedRsvpSchema,
  messages: syncedMessageSchema,
  chatReads: syncedChatReadSchema,
  notifications: syncedNotificationSchema,
  voiceNotes: syncedVoiceNoteSchema,
};

const [firstPut, ...otherPuts] = syncedTables.map((table) =>
  z.object({ table: z.literal(table), op: z.literal('put'), row: syncedRowSchemas[table] }),
);
if (!firstPut) throw new Error('no synced tables are declared');
export const rowChangeSchema = z.discriminatedUnion('table', [firstPut, ...otherPuts]) as z.ZodType<RowPut>;
/** A deleted row: the device deletes it, with its children (a deleted post takes its comments and reactions). */
export const rowDeletionSchema = z.object({
  table: z.enum(syncedTables as [SyncedTable, ...SyncedTable[]]),
  op: z.literal('delete'),
  id: z.string(),
});
export const changeSchema: z.ZodType<Change> = z.union([rowChangeSchema, rowDeletionSchema]);

// ---------------------------------------------------------------------------------------------------------------
// Pull.

/**
 * Where a device is in one family. `version` is the family version its copy is complete up to; `resume` is the
 * server's opaque token while a page of that family is still being fetched (null when complete).
 */
export const familyCursorSchema = z.strictObject({
  familyId: id,
  version: z.number().int().nonnegative(),
  resume: z.string().max(500).nullable(),
});
export type FamilyCursor = z.infer<typeof familyCursorSchema>;

export const pullRequestSchema = z.strictObject({
  ...deviceRequestFields,
  /** Every family the device holds data of. Families of the user missing here are sent from the start. */
  cursors: z.array(familyCursorSchema).max(1000),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/**
 * `POST /api/sync/forget-device`: a device whose person signs out wipes its copy and tells the server, which lets go
 * of the device's row (its watermark and refusals) at once instead of after months (housekeeping.ts). 204.
 */
export const forgetDeviceRequestSchema = z.strictObject({ deviceId: id });
export type ForgetDeviceRequest = z.infer<typeof forgetDeviceRequestSchema>;

export const familyPullSchema = z.discriminatedUnion('status', [
  /**
   * Changes with a version above the cursor, in (version, table, id) order. The device applies them and stores
   * `cursor` in the same transaction; `cursor.resume` non-null means this family has more to fetch.
   */
  z.object({
    status: z.literal('changes'),
    familyId: id,
    /**
     * Present on the first page of a family the server sends again from version 0 to a device that claimed progress
     * in it (a resume token the server cannot use, a copy older than the tombstones kept): the device's copy may hold
     * rows deleted since, which no tombstone will name, so it deletes every local row of the family before applying
     * this page. Its pending writes are applied on top again, as after any page.
     */
    reset: z.literal(true).optional(),
    changes: z.array(changeSchema),
    cursor: familyCursorSchema,
  }),
  /** The user no longer belongs to this family (or it is gone): the device deletes every local row of it. */
  z.object({ status: z.literal('drop'), familyId: id }),
]);
export type FamilyPull = z.infer<typeof familyPullSchema>;

export const pullResponseSchema = z.object({
  /** The server's history these rows belong to (see `historyChangedSchema`). */
  epoch: id,
  /** Read in the same snapshot as the rows: every mutation up to here is reflected in them. */
  lastAppliedSeq: z.number().int().nonnegative(),
  families: z.array(familyPullSchema),
  /** Every user the changes refer to (members, authors, reactors), current names and avatars. */
  users: z.array(syncedUserSchema),
  /** True when some family has more changes than fit in this answer: pull again. */
  more: z.boolean(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

/**
 * 409 to a push or pull that names an epoch other than the server's: the server's history is not the one the device
 * synced with (its database was restored from a backup, or moved), so the device's rows, cursors and acknowledged
 * writes may belong to a history that is gone. Nothing was done. The device starts over: it drops its families and
 * pulls them again, keeps the writes up to `lastAppliedSeq` (this history has handled them) and sends every later one
 * again, renumbered from `lastAppliedSeq + 1` (docs/decisions/0011-server-history-and-device-owner.md).
 */
export const historyChangedSchema = z.object({
  error: z.string(),
  epoch: id,
  /** This device's watermark in the server's history: 0 when that history never heard of the device. */
  lastAppliedSeq: z.number().int().nonnegative(),
});
export type HistoryChanged = z.infer<typeof historyChangedSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Live channel: `GET /api/sync/live` (`liveChannelPath`) is a text/event-stream that starts with `event: ready`, then
// sends `event: poke` with the data below whenever one of the user's families moves on, and `event: heartbeat`
// with data `{}` every `liveHeartbeatMs`, so a device that hears nothing for a while knows the connection is dead.
// A poke only says "pull": the device asks for the changes itself. The server ends the stream when the session is
// no longer valid. When it may have missed changes it pokes for every family of the person's at its version now
// (the device pulls if it is behind), or, if it cannot, ends the stream (the device reconnects and pulls).

export const pokeSchema = z.object({ familyId: id, version: z.number().int().nonnegative() });
export type Poke = z.infer<typeof pokeSchema>;

/** `protocolVersion` is optional until every device sends it; an older one is answered 426 like a push. */
export const liveQuerySchema = z.object({ protocolVersion: z.coerce.number().int().optional() });
