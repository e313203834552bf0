import type { SyncedPost } from '../../../schema/sync.ts';

/**
 * Whether to say "Edited". A post is stamped twice when it is made (by the device, then the server), so only a change
 * more than a minute after it was shared counts: a typo fixed at once is not worth pointing out.
 */
export function wasEdited(post: Pick<SyncedPost, 'createdAt' | 'updatedAt'>): boolean {
  return Date.parse(post.updatedAt) - Date.parse(post.createdAt) > 60_000;
}

/** "1 like", "2 likes". */
export function likeCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'like' : 'likes'}`;
}

/** The comments button: "Comment" while there are none (an invitation), "Comments (3)" after. */
export function commentsToggleText(count: number): string {
  return count === 0 ? 'Comment' : `Comments (${count.toLocaleString('en-US')})`;
}
