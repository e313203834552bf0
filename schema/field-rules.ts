import { requiredName, requiredText } from './fields.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

/**
 * The rules of the fields people write, each with its limit and its sentences: one place for the request bodies
 * (requests.ts) and the sync mutations (mutations/) to take them from.
 */

export const familyName = requiredName({
  required: messages.familyNameRequired,
  max: limits.familyNameMax,
  tooLong: messages.familyNameTooLong,
});

export const postContent = requiredText({
  required: messages.postEmpty,
  max: limits.postContentMax,
  tooLong: messages.postTooLong,
});

export const commentContent = requiredText({
  required: messages.commentEmpty,
  max: limits.commentContentMax,
  tooLong: messages.commentTooLong,
});

export const albumName = requiredName({
  required: messages.albumNameRequired,
  max: limits.albumNameMax,
  tooLong: messages.albumNameTooLong,
});

/** An event's title (product.md §5: 1 to 200 characters). */
export const eventTitle = requiredName({
  required: messages.eventTitleRequired,
  max: limits.eventTitleMax,
  tooLong: messages.eventTitleTooLong,
});

/** A chat message's text (product.md §5: trimmed, never blank; at most 4,000 characters). */
export const messageContent = requiredText({
  required: messages.messageEmpty,
  max: limits.messageContentMax,
  tooLong: messages.messageTooLong,
});
