import { z } from 'zod';
import { familyOfRow, id } from '../fields.ts';
import { messageContent } from '../field-rules.ts';

/** Chat (decision 0021). The server numbers each message as it takes it; devices never choose the order. */
export const messageMutationArgs = {
  /**
   * A text message, or a photo message naming the photo by the id its upload uses (as a post names its photos,
   * decision 0017): sent before the file may be up, it shows the photo once the photo exists. A voice message is
   * named by its voice note, written once its recording is up (`voiceNote.create`, decision 0058).
   */
  'message.send': z.discriminatedUnion('messageType', [
    z.strictObject({ messageId: id, familyId: id, messageType: z.literal('text'), content: messageContent }),
    z.strictObject({ messageId: id, familyId: id, messageType: z.literal('photo'), photoId: id }),
    z.strictObject({ messageId: id, familyId: id, messageType: z.literal('voice') }),
  ]),
  /** The sender, or an admin of the family: the message becomes "Message deleted" everywhere. */
  'message.delete': z.strictObject({ messageId: id, familyId: familyOfRow }),
  /** The person has read the family's messages up to `readThrough` (a message number); it only ever moves on. */
  'chat.read': z.strictObject({ familyId: id, readThrough: z.number().int().positive() }),
} as const;
