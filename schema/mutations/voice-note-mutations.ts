import { z } from 'zod';
import { familyOfRow, id } from '../fields.ts';

/** Voice notes (decision 0058): the row naming a recording the server has checked (decision 0052). */
export const voiceNoteMutationArgs = {
  /**
   * Names the recording uploaded under this id, in this family, as the sound of the person's own voice message
   * (`message.send` with `messageType: 'voice'`, written when it was recorded), as the sound of their own voice comment
   * (`comment.create` with `commentType: 'voice'`, decision 0065) or as their story of a photo, which replaces the
   * story they told of it before. Sent only once the file is on the server, as `photo.create` is.
   */
  'voiceNote.create': z.discriminatedUnion('on', [
    z.strictObject({ voiceNoteId: id, familyId: id, on: z.literal('message'), messageId: id }),
    z.strictObject({ voiceNoteId: id, familyId: id, on: z.literal('photo'), photoId: id }),
    z.strictObject({ voiceNoteId: id, familyId: id, on: z.literal('comment'), commentId: id }),
  ]),
  /** Its author or an admin (a voice message or comment goes with its message or comment). */
  'voiceNote.delete': z.strictObject({ voiceNoteId: id, familyId: familyOfRow }),
} as const;
