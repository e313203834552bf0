import { limits } from '../../../schema/limits.ts';
import { messages } from '../../../schema/messages.ts';

/** How long a post or a comment may be, and what to say when it is longer. */
export type ContentRules = { max: number; tooLong: string };

export const postRules: ContentRules = { max: limits.postContentMax, tooLong: messages.postTooLong };
export const commentRules: ContentRules = { max: limits.commentContentMax, tooLong: messages.commentTooLong };
export const messageRules: ContentRules = { max: limits.messageContentMax, tooLong: messages.messageTooLong };

/**
 * Text checked the way the shared schema will check it when it is saved (trimmed, then measured), so someone who
 * wrote too much learns it while writing, not after pressing the button. Blank text has no message: its button is
 * disabled instead.
 */
export function checkContent(text: string, rules: ContentRules): { blank: boolean; error: string | undefined } {
  const trimmed = text.trim();
  return { blank: trimmed === '', error: trimmed.length > rules.max ? rules.tooLong : undefined };
}
