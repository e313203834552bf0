import type { User } from '../../schema/index.ts';

/**
 * Sessions this instance has recently found live, so a person's burst of requests (a page opening asks for its
 * families, members, notifications and a pull at once) costs one session read, not one each: on the cheapest routes
 * that read was half the work (docs/benchmarks.md).
 *
 * An entry is trusted for `ttlMs` at most, well inside the session policy's touch interval, so sliding expiry still
 * sees every session that is in use. Anything that ends a session or changes what `User` holds forgets its person's
 * entries on every instance at once (`forgetPerson`, through the notifier's account-changed message); when that
 * message may have been lost (the listening connection dropped) the whole cache goes. What is left is a session
 * deleted behind the server's back (by hand in SQL), which counts for `ttlMs` more.
 */
export function createSessionCache({ ttlMs, maxEntries, now = Date.now }: SessionCacheOptions) {
  /** By token hash (hex); oldest first, as a Map keeps them, so the first entry is the one to drop when full. */
  const entries = new Map<string, { user: User; until: number }>();
  /** Moves on with every forgetting: a read that began before one must not put back what it forgot. */
  let generation = 0;

  return {
    find(tokenHash: Buffer): User | null {
      const key = tokenHash.toString('hex');
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.until > now()) return entry.user;
      entries.delete(key);
      return null;
    },

    /** Take before reading a session from the database, for `keep`. */
    get generation(): number {
      return generation;
    },

    /**
     * A session read from the database as live and not due for a touch (or just touched), by a read that began at
     * `readAt` (the `generation` then): if anyone was forgotten since, the read may predate their session's end.
     */
    keep(tokenHash: Buffer, user: User, readAt: number): void {
      if (readAt !== generation) return;
      const key = tokenHash.toString('hex');
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { user, until: now() + ttlMs });
    },

    forgetPerson(userId: string): void {
      generation += 1;
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },

    forgetEveryone(): void {
      generation += 1;
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type SessionCacheOptions = { ttlMs: number; maxEntries: number; now?: () => number };
export type SessionCache = ReturnType<typeof createSessionCache>;
