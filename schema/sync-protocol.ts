/**
 * The sync protocol's constants, free of zod so the device's read path (the feed, the sync engine) can use them
 * without downloading the validation library; schema/sync.ts re-exports them next to the shapes.
 */

/**
 * Bumped whenever a device and a server of different versions would misunderstand each other. A server refuses
 * older devices with 426 and the app asks the person to update instead of failing in odd ways.
 */
export const syncProtocolVersion = 3;

/** Most mutations one push carries; the device sends the rest in the next push. */
export const pushBatchMax = 100;

/** Longest mutation name a push may carry. A name the server does not know is refused for that mutation alone. */
export const mutationNameMax = 100;

/**
 * Most row changes one pull answers across all families; the device asks again while `more` is true. A pull carrying
 * on where a page was cut short gets more: the first page shows a new device something soon, and every page costs a
 * request, a write transaction and the screens' re-reads besides its rows (a first sync of 8,609 rows took a quarter less
 * time with later pages of 4,000, docs/benchmarks.md).
 */
export const pullPageMax = { first: 1000, resumed: 4000 } as const;

/** The id devices know a member's answer to an event by: one per event and person. */
export function rsvpKey(rsvp: { eventId: string; userId: string }): string {
  return `${rsvp.eventId}:${rsvp.userId}`;
}

/** A reaction's id: one per user, post and type, the same on every device. */
export function reactionKey(reaction: { postId: string; userId: string; reactionType: string }): string {
  return `${reaction.postId}:${reaction.userId}:${reaction.reactionType}`;
}

/** The id devices know a tag by: one per photo and person in it. */
export function photoTagKey(tag: { photoId: string; userId: string }): string {
  return `${tag.photoId}:${tag.userId}`;
}

/** The id of a person's read position in a family's chat: one per family and person. */
export function chatReadKey(read: { familyId: string; userId: string }): string {
  return `${read.familyId}:${read.userId}`;
}

/**
 * Where the device opens the live channel. It names the protocol the device speaks, so a server that moved on
 * answers 426 instead of pokes the device would misread.
 */
export const liveChannelPath = `/api/sync/live?protocolVersion=${syncProtocolVersion}`;

/** How often the live channel sends `event: heartbeat`; a device hearing nothing for longer may reconnect. */
export const liveHeartbeatMs = 25_000;
/** How often a device pulls when no poke arrived while its live channel is down (or not open yet). */
export const fallbackPullMs = 30_000;
/**
 * How often it pulls while the live channel is open and heard from (pokes bring everything then; this only covers a
 * poke the server failed to publish): an open chat costs a few KB an hour instead of one pull every 30 s.
 */
export const livePullMs = 15 * 60_000;
