import { z } from 'zod';
import { birthday, email, id, imageUrl, personName, timestamp, username } from './fields.ts';
import { limits } from './limits.ts';
import { relationshipTypes } from './choices.ts';
import { familyMessages } from './family-messages.ts';
import { defaultTextSize, textSizes } from './theme.ts';

/**
 * The entities of product.md §3 as the API returns them (JSON: ids are UUIDs, times ISO strings). Request bodies that
 * create or change them live in requests.ts and account.ts.
 */

export const userSchema = z.object({
  id,
  username,
  email,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: imageUrl.nullable(),
  /** `1946-05-03` or `--05-03`; what members see is always `--MM-DD` (publicUserSchema). */
  birthday: birthday.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type User = z.infer<typeof userSchema>;

export const relationshipTypeSchema = z.enum(relationshipTypes, { error: familyMessages.relationshipRequired });
export type RelationshipType = z.infer<typeof relationshipTypeSchema>;

export const familyRoles = ['admin', 'member'] as const;
export const familyRoleSchema = z.enum(familyRoles);
export type FamilyRole = z.infer<typeof familyRoleSchema>;

export const familySchema = z.object({
  id,
  name: z.string().min(1).max(limits.familyNameMax),
  description: z.string().max(limits.familyDescriptionMax).nullable(),
  /** Null once the creator's account is deleted: the family outlives it. */
  createdById: id.nullable(),
  createdAt: timestamp,
});
export type Family = z.infer<typeof familySchema>;

/** What a member sees of another user: never their email settings or password state. */
export const publicUserSchema = userSchema
  .pick({
    id: true,
    username: true,
    firstName: true,
    lastName: true,
    profileImageUrl: true,
  })
  .extend({
    /** `--MM-DD`: the day and month only. Missing on a device from before birthdays existed, as none. */
    birthday: birthday.nullable().optional(),
  });
export type PublicUser = z.infer<typeof publicUserSchema>;

export const familyMemberSchema = z.object({
  id,
  familyId: id,
  userId: id,
  role: familyRoleSchema,
  relationshipType: relationshipTypeSchema.nullable(),
  /**
   * Whom `relationshipType` is relative to: the maker of the invitation they joined by ("David is Rose's son"), null
   * for the family's creator (decision 0062). Migration 0035 makes every device pull its members again with it.
   */
  relativeToId: id.nullable(),
  joinedAt: timestamp,
  user: publicUserSchema,
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

export const reactionTypes = ['like'] as const;
export const reactionTypeSchema = z.enum(reactionTypes, { error: 'Unknown reaction' });

export const postReactionSchema = z.object({
  postId: id,
  userId: id,
  reactionType: reactionTypeSchema,
  createdAt: timestamp,
});
export type PostReaction = z.infer<typeof postReactionSchema>;

/** A `voice` comment has no words: its sound is the voice note naming it (decision 0065). */
export const commentTypes = ['text', 'voice'] as const;
export const commentTypeSchema = z.enum(commentTypes, { error: 'Unknown comment type' });
export type CommentType = (typeof commentTypes)[number];

export const commentSchema = z.object({
  id,
  postId: id,
  authorId: id,
  content: z.string().max(limits.commentContentMax),
  commentType: commentTypeSchema,
  createdAt: timestamp,
  author: publicUserSchema,
});
export type Comment = z.infer<typeof commentSchema>;

export const postSchema = z.object({
  id,
  familyId: id,
  authorId: id,
  content: z.string().min(1).max(limits.postContentMax),
  photoIds: z.array(id).max(limits.photosPerPost),
  createdAt: timestamp,
  updatedAt: timestamp,
  author: publicUserSchema,
  reactions: z.array(postReactionSchema),
  comments: z.array(commentSchema),
});
export type Post = z.infer<typeof postSchema>;

export const rsvpStatuses = ['attending', 'not_attending', 'pending'] as const;
export const rsvpStatusSchema = z.enum(rsvpStatuses, { error: "Please choose Attending or Can't Make It" });
export type RsvpStatus = z.infer<typeof rsvpStatusSchema>;

export const eventSchema = z.object({
  id,
  familyId: id,
  createdById: id,
  title: z.string().min(1).max(limits.eventTitleMax),
  description: z.string().max(limits.eventDescriptionMax).nullable(),
  startDate: timestamp,
  endDate: timestamp.nullable(),
  location: z.string().max(limits.eventLocationMax).nullable(),
  /** Hearth's additions: the creator's IANA time zone, and whether the event lasts whole days. */
  timeZone: z.string(),
  allDay: z.boolean(),
  createdAt: timestamp,
  createdBy: publicUserSchema,
});
export type FamilyEvent = z.infer<typeof eventSchema>;

/** product.md §3's event attendee: one member's answer to one event. */
export const eventAttendeeSchema = z.object({ eventId: id, userId: id, status: rsvpStatusSchema });
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

export const photoSchema = z.object({
  id,
  familyId: id,
  uploadedById: id,
  albumId: id.nullable(),
  title: z.string().max(limits.photoTitleMax).nullable(),
  description: z.string().max(limits.photoDescriptionMax).nullable(),
  imageUrl,
  createdAt: timestamp,
  uploadedBy: publicUserSchema,
});
export type Photo = z.infer<typeof photoSchema>;

/** A place in a picture, as fractions of its width and height from its top left corner. */
export const photoPointSchema = z.strictObject({
  x: z.number().min(0, 'A place in a photo is within it').max(1, 'A place in a photo is within it'),
  y: z.number().min(0, 'A place in a photo is within it').max(1, 'A place in a photo is within it'),
});
export type PhotoPoint = z.infer<typeof photoPointSchema>;

export const albumSchema = z.object({
  id,
  familyId: id,
  createdById: id,
  name: z.string().max(limits.albumNameMax),
  description: z.string().max(limits.albumDescriptionMax).nullable(),
  /** Chosen by a member; null shows the album's newest photo. */
  coverPhotoId: id.nullable(),
  createdAt: timestamp,
});
export type Album = z.infer<typeof albumSchema>;

export const messageTypes = ['text', 'photo', 'voice'] as const;
export const messageTypeSchema = z.enum(messageTypes, { error: 'Unknown message type' });
export type MessageType = (typeof messageTypes)[number];

/**
 * product.md §3's chat message. Hearth's additions: `number`, the family's running count that orders its messages (given by
 * the server; null on the device until the server has it); `photoId`, the photo a `photo` message shows (its upload's
 * id, decision 0017); a `voice` message's sound is the voice note naming it (decision 0058); `deletedAt`, set when its sender or an admin deleted it (content and photo are gone then).
 */
export const messageSchema = z.object({
  id,
  familyId: id,
  senderId: id,
  number: z.number().int().positive().nullable(),
  content: z.string().max(limits.messageContentMax),
  messageType: messageTypeSchema,
  photoId: id.nullable(),
  createdAt: timestamp,
  deletedAt: timestamp.nullable(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

export const notificationTypes = [
  'new_post',
  'post_comment',
  'new_event',
  'event_rsvp',
  'new_member',
  'chat_message',
  'event_tomorrow',
  'event_soon',
  'birthday',
  'new_photos',
  'export_ready',
  'memories',
  'photo_tag',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * product.md §3's notification, as Hearth keeps it (decision 0022): one person's, gathered while unread (`count` times,
 * `actorId` the last to act, `excerpt` a quote of the last), about `relatedId` (a post, an event, a member, the
 * family's chat). Devices say the sentence from these (schema/notification-text.ts).
 */
export const notificationSchema = z.object({
  id,
  userId: id,
  familyId: id,
  type: z.enum(notificationTypes),
  relatedId: id.nullable(),
  actorId: id.nullable(),
  excerpt: z.string().max(200),
  count: z.number().int().positive(),
  isRead: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type FamilyNotification = z.infer<typeof notificationSchema>;

export const emailDigestChoices = ['off', 'daily', 'weekly'] as const;
export type EmailDigest = (typeof emailDigestChoices)[number];

/** Per-user preferences kept on the server so they follow the person to every device. All on by default. */
export const userSettingsSchema = z.object({
  familyUpdates: z.boolean(),
  eventReminders: z.boolean(),
  chatMessages: z.boolean(),
  photoComments: z.boolean(),
  profileVisibility: z.boolean(),
  activityStatus: z.boolean(),
  photoDownload: z.boolean(),
  /** A morning note when the family shared something on this date in earlier years (decision 0056). */
  memories: z.boolean(),
  /** Larger text (product.md): kept with the account so it follows the person to every device. */
  textSize: z.enum(textSizes),
  /** An email of what the person has not seen (decision 0025), for those who rarely open the app. Off by default. */
  emailDigest: z.enum(emailDigestChoices),
  /** Families the person muted: none of their notifications (bell, push, digest). */
  mutedFamilyIds: z.array(id).max(100),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const defaultUserSettings: UserSettings = {
  familyUpdates: true,
  eventReminders: true,
  chatMessages: true,
  photoComments: true,
  profileVisibility: true,
  activityStatus: true,
  photoDownload: true,
  memories: true,
  textSize: defaultTextSize,
  emailDigest: 'off',
  mutedFamilyIds: [],
};
