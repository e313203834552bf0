/** What devices, notifications and the archive say of a voice note (decisions 0052, 0058). Free of zod. */

/** A voice note's length as its player shows it: 0:42, 4:05. */
export function voiceNoteLength(durationMs: number): string {
  const seconds = Math.round(durationMs / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const voiceExcerptPrefix = 'voice:';

/** The notification of a voice message or comment keeps its length, not words: `voice:42000`. */
export function voiceNoteExcerpt(durationMs: number): string {
  return `${voiceExcerptPrefix}${durationMs}`;
}

/**
 * An excerpt of what someone wrote, as it is kept: words that would read as a voice note's length ("voice:5000" typed
 * in the chat) end with a zero-width space, so they read, and show, as the words they are.
 */
export function wordsExcerpt(words: string): string {
  return durationInExcerpt(words) === null ? words : `${words}\u200b`;
}

/** The length a voice note's excerpt keeps, or null for any other excerpt. */
export function durationInExcerpt(excerpt: string): number | null {
  if (!excerpt.startsWith(voiceExcerptPrefix)) return null;
  const durationMs = Number(excerpt.slice(voiceExcerptPrefix.length));
  return Number.isInteger(durationMs) && durationMs > 0 ? durationMs : null;
}
