import { z } from 'zod';
import { email, id, imageUrl, isStorableTime, optionalText, requiredText, timeZone } from './fields.ts';
import { albumName, commentContent, eventTitle, familyName, messageContent, postContent } from './field-rules.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { contactMessageTypes } from './choices.ts';
import {
  familyRoleSchema,
  reactionTypeSchema,
  relationshipTypeSchema,
  rsvpStatusSchema,
} from './entities.ts';

/** Request bodies of product.md §7 and the family writes of product.md. Unknown fields are refused everywhere. */

export const createFamilyBodySchema = z.strictObject({
  name: familyName,
  description: optionalText(limits.familyDescriptionMax),
});

export const renameFamilyBodySchema = z.strictObject({ name: familyName });

/** An admin changes a member's role; a member (or an admin) changes how they are related. At least one of them. */
export const updateMemberBodySchema = z
  .strictObject({ role: familyRoleSchema.optional(), relationshipType: relationshipTypeSchema.optional() })
  .refine((body) => body.role !== undefined || body.relationshipType !== undefined, {
    error: 'Say what to change: role or relationshipType',
  });

export const createPostBodySchema = z.strictObject({
  content: postContent,
  photoIds: z.array(id).max(limits.photosPerPost).optional(),
});

export const reactBodySchema = z.strictObject({ reactionType: reactionTypeSchema });

export const rsvpBodySchema = z.strictObject({ status: rsvpStatusSchema });
export type RsvpBody = z.input<typeof rsvpBodySchema>;

export const createAlbumBodySchema = z.strictObject({
  name: albumName,
  description: optionalText(limits.albumDescriptionMax),
});
export type CreateAlbumBody = z.input<typeof createAlbumBodySchema>;

export const createPhotoBodySchema = z.strictObject({
  title: optionalText(limits.photoTitleMax),
  description: optionalText(limits.photoDescriptionMax),
  imageUrl,
  albumId: id.nullish(),
});
export type CreatePhotoBody = z.input<typeof createPhotoBodySchema>;

function dateField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine((value) => isStorableTime(Date.parse(value)), { error: invalid });
}

/**
 * Event form (product.md §5): title 1–200, start date required; end (not before start), description, location optional.
 */
export const createEventBodySchema = z
  .strictObject({
    title: eventTitle,
    description: optionalText(limits.eventDescriptionMax),
    startDate: dateField(messages.startDateRequired, messages.startDateInvalid),
    endDate: z
      .union([dateField(messages.endDateInvalid, messages.endDateInvalid), z.literal('')])
      .nullish()
      .transform((value) => (value ? value : null)),
    location: optionalText(limits.eventLocationMax),
    familyId: id.optional(),
    /** Hearth's own additions: the creator's time zone (else UTC) and whether it lasts whole days. */
    timeZone: timeZone.optional(),
    allDay: z.boolean().optional(),
  })
  .refine((body) => body.endDate === null || Date.parse(body.endDate) >= Date.parse(body.startDate), {
    error: messages.endBeforeStart,
    path: ['endDate'],
  });
export type CreateEventBody = z.input<typeof createEventBodySchema>;

/** product.md §7's `POST /api/families/:id/messages`: text only (a photo message is sent by the app, after its upload). */
export const createMessageBodySchema = z.strictObject({
  content: messageContent,
  messageType: z.literal('text', { error: 'Only text messages can be sent here' }).default('text'),
});

/** `GET /api/families/:id/messages`: the newest page, or the page before message number `before`. */
export const messagePageQuerySchema = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(limits.messagePageMax).default(limits.messagePageMax),
});
export type CreateMessageBody = z.input<typeof createMessageBodySchema>;

/** Contact form (product.md §2, §5): all five fields required, six message types. */
export const contactMessageBodySchema = z.strictObject({
  fullName: requiredText({
    required: messages.fullNameRequired,
    max: limits.contactFullNameMax,
    tooLong: messages.tooLong(limits.contactFullNameMax),
  }),
  email,
  messageType: z.enum(contactMessageTypes, { error: messages.messageTypeRequired }),
  subject: requiredText({
    required: messages.subjectRequired,
    max: limits.contactSubjectMax,
    tooLong: messages.tooLong(limits.contactSubjectMax),
  }),
  message: requiredText({
    required: messages.contactMessageRequired,
    max: limits.contactMessageMax,
    tooLong: messages.tooLong(limits.contactMessageMax),
  }),
});
export type ContactMessageBody = z.input<typeof contactMessageBodySchema>;

/** Path parameters: every id in a URL is a UUID, anything else is a 400 naming the parameter. */
export const idParamsSchema = z.strictObject({ id });
