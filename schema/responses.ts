import { z } from 'zod';
import { messageSchema, publicUserSchema, reactionTypeSchema } from './entities.ts';
import { id, timestamp } from './fields.ts';

/**
 * Answers of the REST routes that are not an entity of entities.ts as it is: each names every field that leaves the
 * server (docs/decisions/0042-route-schemas.md), so nothing else can.
 */

/** `GET /api/health`: whether this instance can reach its database. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** `busy`: the embedded database is answering another request, and runs. */
  database: z.enum(['up', 'busy', 'down']),
});

/** `GET /api/auth/sign-in-methods`: how the person can sign in, for Settings. */
export const signInMethodsSchema = z.object({
  password: z.boolean(),
  google: z.boolean(),
  googleAvailable: z.boolean(),
  /** Has at least one passkey: without a password, deleting the account asks for a fresh passkey sign-in. */
  passkeys: z.boolean(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** `POST /api/posts/:id/react`: whether the caller's reaction is there now. */
export const reactedSchema = z.object({ reacted: z.boolean(), reactionType: reactionTypeSchema });

/** `GET /api/families/:id/messages`: a chat message with its sender's public profile. */
export const messageWithSenderSchema = messageSchema.extend({ sender: publicUserSchema });
export type MessageWithSender = z.infer<typeof messageWithSenderSchema>;

/** The upload of a photo's file: its id and the image's size in pixels. */
export const uploadedPhotoSchema = z.object({ photoId: id, width: z.number().int(), height: z.number().int() });

/** The upload of a voice note's file: its id, and its length and waveform as read from its sound. */
export const uploadedVoiceNoteSchema = z.object({
  voiceNoteId: id,
  durationMs: z.number().int(),
  peaks: z.array(z.number().int().min(0).max(100)),
});

/** Download My Data: the person's newest archive (decision 0027). */
export const dataExportSchema = z.object({
  id,
  status: z.enum(['waiting', 'building', 'ready', 'failed']),
  progress: z.number(),
  byteSize: z.number().int().nullable(),
  requestedAt: timestamp,
  /** When a ready archive stops being downloadable. */
  expiresAt: timestamp.nullable(),
  /** When the person may ask for the next one. */
  nextAllowedAt: timestamp,
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The private calendar address: whether it is on, and the address itself the one time it is made. */
export const calendarFeedStateSchema = z.object({ on: z.boolean() });
export const calendarFeedAddressSchema = z.object({ url: z.string() });
