import { z } from 'zod';
import { id, timestamp } from './fields.ts';

/**
 * Photo frames (decision 0061): an admin makes a frame link `/frame#<token>`; the browser that opens it becomes a
 * frame of that family's photos and nothing else. The link works once; the frame then holds a credential of its own
 * (a cookie unlike a person's session), ends when an admin turns it off, and after `frameUnusedDays` without a visit.
 */
export const frameUnusedDays = 30;

/** What a frame's page says when it cannot show the family's photos. */
export const frameMessages = {
  linkClosed: 'This frame link was already used, turned off or has expired. Ask a family admin for a new one.',
  turnedOff: 'This frame has been turned off. Ask a family admin for a new frame link.',
};

/** 32 random bytes, base64url without padding, as every secret Hearth hands out. */
export const frameToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** A frame as the family's admins see it among their devices (never its tokens). */
export const familyFrameSchema = z.object({
  id,
  familyId: id,
  /** The admin who made the link: their public name. */
  createdBy: z.string(),
  createdAt: timestamp,
  /** When a browser opened the link; null while it waits to be scanned. */
  openedAt: timestamp.nullable(),
  /** The browser that opened it, as it says of itself ("Chrome on Android"), when it has. */
  device: z.string().nullable(),
  lastSeenAt: timestamp,
});
export type FamilyFrame = z.infer<typeof familyFrameSchema>;

/** `POST /api/families/:id/frames` answers the one time the link's token is shown. */
export const createdFrameSchema = familyFrameSchema.extend({
  token: frameToken,
});
export type CreatedFrame = z.infer<typeof createdFrameSchema>;

/** `POST /api/frame/open`: the link's token, in the body so it stays out of request logs. */
export const openFrameBodySchema = z.strictObject({ token: frameToken });

/** One photo on a frame: who shared it and when, nothing else (its bytes in display sizes only, never the original). */
export const framePhotoSchema = z.object({
  id,
  /** The public name of whoever shared it. */
  sharedBy: z.string(),
  sharedAt: timestamp,
});
export type FramePhoto = z.infer<typeof framePhotoSchema>;

/** `GET /api/frame/photos`: the family's newest photos, newest first (at most `framePhotosMax`). */
export const framePhotosSchema = z.object({
  familyName: z.string(),
  photos: z.array(framePhotoSchema),
});
export type FramePhotos = z.infer<typeof framePhotosSchema>;

/** A frame shows the family's newest photos; thousands more would only fill its cache. */
export const framePhotosMax = 500;

/** The display sizes a frame may fetch: never the original (decision 0061). */
export const frameSizes = ['thumb', 'preview'] as const;

export function framePhotoUrl(photoId: string, size: (typeof frameSizes)[number]): string {
  return `/api/frame/photos/${photoId}/${size}`;
}
