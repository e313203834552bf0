import { z } from 'zod';
import { id, timestamp } from './fields.ts';
import { limits } from './limits.ts';
import {
  commentSchema,
  eventAttendeeSchema,
  eventSchema,
  messageSchema,
  notificationSchema,
  familyMemberSchema,
  albumSchema,
  familySchema,
  photoSchema,
  postReactionSchema,
  postSchema,
  publicUserSchema,
} from './entities.ts';

/**
 * Rows as the device stores them: flat, one table each, related by ids (the screens join them). Apart from the
 * protocol in sync.ts, so that schema/synced-tables.ts can take its row types from here without importing what is
 * built from its own declarations.
 */

// The entities of product.md §3 without what the screens join in from other tables (an author, a member's user, a
// post's reactions and comments), plus the family id every synced row carries.

export const syncedFamilySchema = familySchema.extend({ updatedAt: timestamp });
export type SyncedFamily = z.infer<typeof syncedFamilySchema>;

export const syncedMemberSchema = familyMemberSchema.omit({ user: true });
export type SyncedMember = z.infer<typeof syncedMemberSchema>;

/** Members, authors and commenters shown in a family: names and avatars only, never emails. */
export const syncedUserSchema = publicUserSchema;
export type SyncedUser = z.infer<typeof syncedUserSchema>;

export const syncedPostSchema = postSchema.omit({ author: true, reactions: true, comments: true });
export type SyncedPost = z.infer<typeof syncedPostSchema>;

export const syncedCommentSchema = commentSchema.omit({ author: true }).extend({ familyId: id });
export type SyncedComment = z.infer<typeof syncedCommentSchema>;

/** A reaction's `id` is `reactionKey(...)`: one per user, post and type, the same on every device. */
export const syncedReactionSchema = postReactionSchema.extend({ id: z.string(), familyId: id });
export type SyncedReaction = z.infer<typeof syncedReactionSchema>;

/**
 * A photo as devices keep it: `imageUrl` is the preview's address, made from the photo's id (schema/photo-urls.ts), so
 * a device that wrote the photo knows it before the server's copy arrives.
 */
export const syncedPhotoSchema = photoSchema.omit({ uploadedBy: true });
export type SyncedPhoto = z.infer<typeof syncedPhotoSchema>;

export const syncedAlbumSchema = albumSchema;
export type SyncedAlbum = z.infer<typeof syncedAlbumSchema>;

export const syncedEventSchema = eventSchema.omit({ createdBy: true });
export type SyncedEvent = z.infer<typeof syncedEventSchema>;

/** An answer as devices keep it: its id is `rsvpKey` (schema/sync-protocol.ts), the same on every side. */
export const syncedRsvpSchema = eventAttendeeSchema.extend({ id: z.string(), familyId: id, updatedAt: timestamp });
export type SyncedRsvp = z.infer<typeof syncedRsvpSchema>;

export const syncedMessageSchema = messageSchema;
export type SyncedMessage = z.infer<typeof syncedMessageSchema>;

/** A person's read position in a family's chat: its id is `chatReadKey` (schema/sync-protocol.ts). */
export const syncedChatReadSchema = z.object({
  id: z.string(),
  familyId: id,
  userId: id,
  readThrough: z.number().int().nonnegative(),
});
export type SyncedChatRead = z.infer<typeof syncedChatReadSchema>;

export const syncedNotificationSchema = notificationSchema;
export type SyncedNotification = z.infer<typeof syncedNotificationSchema>;

/**
 * A voice note (decision 0058): the sound of a chat message (`messageId`) or of a comment on a post (`commentId`,
 * decision 0065), or the story of a photo told by its author (`photoId`): one of the three. Its id is its file's
 * (`POST /api/families/:id/voice-notes/:voiceNoteId/file`), and its length and waveform (`peaks`, 0 to 100) are what
 * the server read from that file (decision 0052).
 */
export const syncedVoiceNoteSchema = z.object({
  id,
  familyId: id,
  authorId: id,
  messageId: id.nullable(),
  photoId: id.nullable(),
  /** A voice comment's (decision 0065). */
  commentId: id.nullable(),
  durationMs: z.number().int().positive(),
  peaks: z.array(z.number().int().min(0).max(100)).length(limits.voiceNotePeaks),
  createdAt: timestamp,
});
export type SyncedVoiceNote = z.infer<typeof syncedVoiceNoteSchema>;

/**
 * Who is in a photo (decision 0060): its id is `photoTagKey` (schema/sync-protocol.ts), one per photo and person;
 * `x` and `y` place them in the picture (fractions, both or neither), `taggedById` said so.
 */
export const syncedPhotoTagSchema = z.object({
  id: z.string(),
  familyId: id,
  photoId: id,
  userId: id,
  taggedById: id,
  x: z.number().min(0).max(1).nullable(),
  y: z.number().min(0).max(1).nullable(),
  createdAt: timestamp,
});
export type SyncedPhotoTag = z.infer<typeof syncedPhotoTagSchema>;
